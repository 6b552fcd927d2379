export {
  outcomeAt,
  PENDING_PRICE_STEP,
  PIP_SIZE,
  type PriceOutcome,
  type ProfitCalculation,
  type ProfitCalculatorInput,
  pipValue,
  profitCalculator,
  returnOnEquity,
  SUGGESTED_STOP_FRACTION,
  suggestedStops,
  TP_SL_STEP,
} from './calculator/profitCalculator.ts';
export {
  CALCULATOR_MESSAGES,
  type ProfitCalculatorValues,
  profitCalculatorSchema,
} from './calculator/schema.ts';
export {
  BASIC_FORM_COUNTRIES,
  COUNTRIES,
  type Country,
  countrySlugFromCode,
  defaultCountryValue,
  FALLBACK_COUNTRY_SLUG,
} from './countries.ts';
export {
  type DomainError,
  ERROR_CODES,
  type ErrorBody,
  type ErrorCode,
  err,
  type FieldErrors,
  ok,
  type Result,
} from './errors.ts';
export {
  ASSET_TYPES,
  type AssetType,
  isMarketOpen,
  localTime,
  type ScheduleKind,
  scheduleFor,
  type TradingSchedule,
} from './hours/tradingHours.ts';
export {
  RSI_OVERBOUGHT,
  RSI_OVERSOLD,
  RSI_PERIOD,
  rsi,
  SMA_FAST,
  SMA_SLOW,
  sma,
  type TechnicalSummary,
  type Trend,
  technicalSummary,
  trendOf,
  type Verdict,
  verdictOf,
} from './indicators/indicators.ts';
export {
  ADVISOR_FALLBACK_LEVERAGE,
  ASSET_TYPE_CATEGORY,
  type CategoryLeverage,
  categoryLeverage,
  DEFAULT_CATEGORY_LEVERAGE,
  FALLBACK_LEVERAGE,
  LEVERAGE_CATEGORIES,
  type LeverageCategory,
  type LeverageSources,
  type LeverageValue,
  resolveLeverage,
  siteCategoryLeverage,
} from './leverage/leverage.ts';
export {
  type AccountSummary,
  type AccountSummaryInput,
  type AccountTotals,
  accountSummary,
  equityOf,
  formatMarginLevel,
  marginLevel,
  type PositionExposure,
  summarizeTotals,
} from './margin/accountSummary.ts';
export { margin } from './margin/margin.ts';
export {
  bucketStart,
  CANDLE_INTERVALS,
  type Candle,
  type CandleInterval,
  DEFAULT_CANDLE_INTERVAL,
  HISTORY_SPAN_MS,
  INTERVAL_MS,
  isWellFormed,
  MAX_CANDLES_PER_REQUEST,
} from './market/candles.ts';
export type { LivePriceUpdate } from './market/liveQuote.ts';
export { centsToAmount, formatMoney, toCents } from './money/cents.ts';
export { formatFixed, formatScaled, roundHalfAwayFromZero, scaleHalfAwayFromZero } from './money/rounding.ts';
export { orderFingerprint } from './orders/idempotency.ts';
export { ORDER_MESSAGES, validationFailed } from './orders/messages.ts';
export {
  lotsInHundredths,
  type PositionSplit,
  type SplittablePosition,
  splitPosition,
} from './orders/partialClose.ts';
export {
  PENDING_KINDS,
  type PendingKind,
  pendingSide,
  pendingTriggered,
  validatePendingPrice,
} from './orders/pending.ts';
export { isSide, SIDES, type Side, sideSign } from './orders/side.ts';
export {
  type StopLevel,
  type Stops,
  type StopTrigger,
  slTpTriggered,
  validateStops,
} from './orders/stops.ts';
export {
  CONTRACT_SIZE_DEFAULT,
  DEFAULT_ORDER_LOTS,
  LOT_STEP,
  lotsFromUnits,
  MAX_LOTS,
  MIN_LOTS,
  POSITION_DEFAULT,
  unitsFromLots,
  validateVolume,
} from './orders/volume.ts';
export {
  type StepDirection,
  sanitizeVolumeInput,
  stepVolume,
  VOLUME_STEPS,
  VOLUME_UNITS,
  type VolumeUnit,
} from './orders/volumeInput.ts';
export { CONVERSION_PIVOT, type RateLookup, rateTable, toAccountCurrency } from './pnl/convert.ts';
export {
  CURRENCY_PROXY,
  type PairIndex,
  type PairInstrument,
  pairIndex,
  pairRateLookup,
} from './pnl/pairs.ts';
export { pnl } from './pnl/pnl.ts';
export { type SettlementInput, type SettlementSplit, settlementSplit } from './pnl/settlement.ts';
export { formatPrice, PRICE_DECIMALS } from './pricing/format.ts';
export { closePrice, DEFAULT_SPREAD, openPrice, type Quote, quote, spreadOf } from './pricing/quote.ts';
export {
  DEFAULT_TICK_BAND,
  TickBand,
  type TickBandOptions,
  TickBands,
  type TickVerdict,
} from './pricing/tickBand.ts';
export {
  type AccountSnapshot,
  BUS_TOPICS,
  type BusEvents,
  type BusNotification,
  type BusTopic,
  type PriceTick,
  type TradeSnapshot,
} from './protocol/bus.ts';
export {
  type CandleSubscription,
  type CandleUpdate,
  candleSubscriptionSchema,
  PRICE_EVENTS,
  PRICES_NAMESPACE,
  type PriceSocketError,
  type PriceSubscription,
  type PricesAsset,
  type PricesCatalogue,
  priceSubscriptionSchema,
} from './protocol/prices.ts';
export {
  type ClientToServer,
  type EventsMap,
  type NotificationMessage,
  PROTOCOL_VERSION,
  type PricesClientEvents,
  type PricesHandshake,
  type PricesServerEvents,
  type ProtocolRefusal,
  protocolRefusal,
  type RealtimeClientEvents,
  type RealtimeHandshake,
  type RealtimeServerEvents,
  type ServerToClient,
} from './protocol/socket.ts';
export {
  DEFAULT_MARGIN_CALL_LEVEL,
  DEFAULT_RISK_LEVELS,
  DEFAULT_STOP_OUT_LEVEL,
  type RiskLevels,
  type RiskState,
  riskState,
} from './risk/riskState.ts';
export { stopOutOrder, stopOutPlan } from './risk/stopOut.ts';
export { emailSchema, type LoginInput, loginSchema, MESSAGES, passwordSchema } from './schemas/auth.ts';
export {
  CHAT_ACCEPT,
  CHAT_MAX_ATTACHMENTS,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_PAGE_SIZE,
  CHAT_UPLOAD_MAX_BYTES,
  type ChatAttachment,
  type ChatListQuery,
  type ChatMessage,
  type ChatPage,
  type ChatReadEvent,
  type ChatSendRequest,
  type ChatSentEvent,
  type ChatUploadResponse,
  type ChatUser,
  chatAttachmentSchema,
  chatListQuerySchema,
  chatMessageSchema,
  chatPageSchema,
  chatReadEventSchema,
  chatReadResponseSchema,
  chatReadSchema,
  chatSendSchema,
  chatSentEventSchema,
  chatUnreadSchema,
  chatUploadResponseSchema,
  chatUserSchema,
  chatUsersResponseSchema,
  parseChatTime,
} from './schemas/chat.ts';
export {
  CALENDAR_IMPORTANCE,
  CALENDAR_MAX_RANGE_DAYS,
  type CalendarEventCreate,
  type CalendarEventUpdate,
  type CalendarImportance,
  type CalendarQuery,
  calendarEventCreateSchema,
  calendarEventUpdateSchema,
  calendarQuerySchema,
  isIsoDate,
  NEWS_DEFAULT_LIMIT,
  NEWS_MAX_LIMIT,
  type NewsItemCreate,
  type NewsItemUpdate,
  type NewsQuery,
  newsItemCreateSchema,
  newsItemUpdateSchema,
  newsQuerySchema,
} from './schemas/content.ts';
export { type Health, healthSchema } from './schemas/health.ts';
export { type LedgerAdjustment, ledgerAdjustmentSchema } from './schemas/ledger.ts';
export {
  type Asset,
  type AssetInfo,
  assetInfoResponseSchema,
  assetInfoSchema,
  assetListResponseSchema,
  assetSchema,
  candleSchema,
  candlesResponseSchema,
  type SiteData,
  siteDataResponseSchema,
  siteDataSchema,
} from './schemas/market.ts';
export {
  NOTIFICATION_COLORS,
  type NotificationColor,
  notificationPageQuerySchema,
  notificationSchema,
  SITE_NOTICES_CHANNEL,
  type SiteNotice,
  siteNoticeSchema,
  type UserNotification,
} from './schemas/notifications.ts';
export { type PlanUpdate, planUpdateSchema } from './schemas/plans.ts';
export {
  type BroadcastingAuthRequest,
  broadcastingAuthResponseSchema,
  broadcastingAuthSchema,
  type Channel,
  PRIVATE_CHANNEL_PREFIX,
  type PrivateChannelKind,
  PUBLIC_CHANNEL_PREFIX,
  parseChannel,
  REALTIME_APP_KEY,
  REALTIME_EVENTS,
  REALTIME_NAMESPACE,
  type RealtimeAck,
  type RealtimeSubscription,
  realtimeSubscriptionSchema,
  STAFF_CHAT_CHANNEL,
} from './schemas/realtime.ts';
export {
  adminUserUpdateSchema,
  autoLoginSchema,
  checkEmailSchema,
  DEFAULT_COUNTRY_CODE,
  forgotPasswordSchema,
  MIN_LENGTHS,
  REGISTRATION_MESSAGES,
  type RegistrationInput,
  registrationSchema,
  resetPasswordSchema,
  signupStartSchema,
  USER_STATUSES,
  type UserStatus,
} from './schemas/registration.ts';
export {
  DEFAULT_SITE_NAME,
  REGISTRATION_PAGES,
  type RegistrationPage,
  registrationPageOf,
  SITE_STATUSES,
  type SiteSettings,
  type SiteSettingsUpdate,
  siteSettingsSchema,
  siteSettingsUpdateSchema,
} from './schemas/settings.ts';
export {
  type Currency,
  currencySchema,
  type Plan,
  type PlanFeature,
  planFeatureSchema,
  planSchema,
  type SharedData,
  sharedDataResponseSchema,
  sharedDataSchema,
} from './schemas/sharedData.ts';
export {
  type AccountSummaryResponse,
  accountQuerySchema,
  accountSummarySchema,
  CLOSE_REASONS,
  type CloseReason,
  type CloseTrade,
  closeTradeSchema,
  type ModifyTrade,
  modifyTradeSchema,
  ORDER_TYPES,
  type OrderType,
  type PlaceOrder,
  pagedSchema,
  pageQuerySchema,
  placeOrderSchema,
  TRADE_STATUSES,
  type Trade,
  type TradeStatus,
  tradeSchema,
} from './schemas/trading.ts';
export {
  accountTypeSchema,
  type TradingAccount,
  tradingAccountSchema,
  type User,
  userSchema,
} from './schemas/user.ts';
export { CUSTOMER_STATUS_TRANSITIONS, statusesLeadingTo } from './staff/customerStatus.ts';

import {
  ACCOUNT_KINDS,
  CLOSE_REASONS,
  HOUSE_ACCOUNTS,
  LEDGER_KINDS,
  ORDER_ORIGINS,
  ORDER_TYPES,
  TRADE_STATUSES,
  type WeeklySessions,
} from '@openbroker/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Account plans (SPEC §1, §3 "account_type"): leverage and look; the first one by rank is the default. */
export const plans = pgTable('plans', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  color: text('color').notNull(),
  icon: text('icon'),
  image: text('image'),
  leverage: integer('leverage').notNull(),
  rank: integer('rank').notNull().default(0),
  recommended: boolean('recommended').notNull().default(false),
  /** One value per plan_features row, in rank order (SPEC §3: the first row is a monetary amount). */
  features: jsonb('features').$type<string[]>().notNull().default([]),
  /** Margin levels in percent: a warning at or below the first, closing positions at or below the second (DESIGN §6). */
  marginCallLevel: doublePrecision('margin_call_level').notNull().default(100),
  stopOutLevel: doublePrecision('stop_out_level').notNull().default(50),
  /** Expert Advisors the plan includes, by id (the advisors themselves arrive with the marketplace). */
  eas: jsonb('eas').$type<number[]>().notNull().default([]),
});

/** The rows of the plan comparison table (SPEC §3 plan_features). */
export const planFeatures = pgTable('plan_features', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  rank: integer('rank').notNull().default(0),
});

/** Customers and staff. A role decides the back office; a status decides whether a customer may use the app. */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    username: text('username'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['customer', 'staff'] })
      .notNull()
      .default('customer'),
    status: text('status', { enum: ['active', 'pending', 'deactivated'] })
      .notNull()
      .default('pending'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    countryCode: text('country_code'),
    country: text('country'),
    nationality: text('nationality'),
    avatar: text('avatar'),
    planId: bigint('plan_id', { mode: 'number' }).references(() => plans.id),
    autotrader: boolean('autotrader').notNull().default(false),
    /** The AutoTrader risk level staff approved (SPEC §9); null until one is. */
    autotraderLevel: text('autotrader_level', { enum: ['low', 'medium', 'high'] }),
    /** A staff user's roles (admin, support, finance, compliance): what they may do in the back office. */
    staffRoles: text('staff_roles').array().notNull().default(sql`'{}'::text[]`),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/** Opaque login sessions: only a SHA-256 of the token is stored, so a database leak yields no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/** The one row of site-wide settings (SPEC §1); `id` is pinned to 1. */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull().default('OpenBroker'),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    maintenanceMessage: text('maintenance_message'),
    contactEmail: text('contact_email'),
    websiteUrl: text('website_url'),
    logo: text('logo'),
    logoSm: text('logo_sm'),
    favicon: text('favicon'),
    rPage: text('r_page').notNull().default('basic'),
    headerLink: text('header_link'),
    footerLink: text('footer_link'),
    termsLink: text('terms_link'),
    privacyLink: text('privacy_link'),
    riskLink: text('risk_link'),
    helpLink: text('help_link'),
    /**
     * Leverage per market category (SPEC §3 site data, §9: default 100 each). A category set to
     * null lets the asset's own, then the plan's leverage apply.
     */
    categoryLeverage: jsonb('category_leverage')
      .$type<Record<'cryptos' | 'stocks' | 'indices' | 'commodities' | 'metals' | 'forex', number | null>>()
      .notNull()
      .default({ cryptos: 100, stocks: 100, indices: 100, commodities: 100, metals: 100, forex: 100 }),
    /** When on, new registrations start active instead of pending (staff-only). */
    autoApprove: boolean('auto_approve').notNull().default(false),
    /**
     * Four eyes (DESIGN §12): a balance or credit adjustment of at least this much (USD cents, or the
     * account currency's equivalent) waits for a second staff member's approval.
     */
    fourEyesThresholdCents: bigint('four_eyes_threshold_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`100000`),
    /** Currencies customers may open live accounts in. */
    accountCurrencies: jsonb('account_currencies').$type<string[]>().notNull().default(['USD', 'EUR', 'GBP']),
    /** A demo account's virtual funds when opened or reset (cents of its currency). */
    demoBalanceCents: bigint('demo_balance_cents', { mode: 'bigint' }).notNull().default(sql`1000000`),
    /** A withdrawal of at least this much (USD cents, or the equivalent) needs two staff approvals. */
    withdrawalTwoLevelCents: bigint('withdrawal_two_level_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`500000`),
    updatedAt: updatedAt(),
  },
  (t) => [check('site_settings_single_row', sql`${t.id} = 1`)],
);

/** Trading account numbers customers see and quote to support: 10000001, 10000002, … */
export const accountNumberSeq = pgSequence('trading_account_number_seq', { startWith: 10_000_001 });

/**
 * A customer's trading account. Money in integer cents; later issues move it only through ledger
 * entries written in the same transaction. Balances never go below zero.
 */
export const tradingAccounts = pgTable(
  'trading_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: text('number').notNull().default(sql`nextval('trading_account_number_seq')::text`),
    title: text('title').notNull().default('Live'),
    /** Live money, or a demo account's virtual funds (kept apart in the ledger and every total). */
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull().default('live'),
    currency: text('currency').notNull().default('USD'),
    balanceCents: bigint('balance_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    creditCents: bigint('credit_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    /**
     * Bumped by every transaction that changes the account or its trades, under the account's row
     * lock: the risk engine orders the snapshots it hears of by it, whatever order they arrive in.
     */
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('trading_accounts_number_key').on(t.number),
    index('trading_accounts_user_id_idx').on(t.userId),
    check('trading_accounts_balance_nonneg', sql`${t.balanceCents} >= 0`),
    check('trading_accounts_credit_nonneg', sql`${t.creditCents} >= 0`),
  ],
);

/** Failed sign-in and reset attempts per key (an email or an address), shared by every node. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/** Single-use links: password resets and staff-made auto-login links; only a digest is stored. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password_reset', 'auto_login', 'account_unlock'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash)],
);

/** Every mail the platform sends; without SMTP it stays here for staff to read. */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});

/**
 * Tradable instruments (SPEC §3 Asset). The seed writes them once; staff enable, disable and
 * re-price them here, and the feed reads them at start.
 */
export const assets = pgTable(
  'assets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    symbol: text('symbol').notNull(),
    sy: text('sy').notNull(),
    symbolDisplay: text('symbol_display').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: ['forex', 'stocks', 'crypto', 'commodities', 'indices', 'metals'] }).notNull(),
    category: text('category').notNull(),
    tvSymbol: text('tv_symbol').notNull(),
    image: text('image'),
    baseCurrency: text('base_currency').notNull(),
    quoteCurrency: text('quote_currency').notNull(),
    contractSize: doublePrecision('contract_size').notNull(),
    buySpread: doublePrecision('buy_spread').notNull(),
    sellSpread: doublePrecision('sell_spread').notNull(),
    leverage: integer('leverage'),
    referencePrice: doublePrecision('reference_price').notNull(),
    decimals: integer('decimals').notNull(),
    exchangeZone: text('exchange_zone').notNull(),
    /** Digits prices are shown with; null: `decimals` (derived from the price when seeded). */
    displayDigits: integer('display_digits'),
    /** The instrument's own weekly trading sessions in its zone; null: its type's hours (SPEC §9). */
    sessions: jsonb('sessions').$type<WeeklySessions>(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('assets_symbol_key').on(t.symbol),
    check('assets_price_positive', sql`${t.referencePrice} > 0`),
    check(
      'assets_spreads_bounded',
      sql`${t.buySpread} >= 0 and ${t.buySpread} < 0.1 and ${t.sellSpread} >= 0 and ${t.sellSpread} < 0.1`,
    ),
  ],
);

/** OHLC candles per instrument and interval, built from ticks and back-filled for history. */
export const candles = pgTable(
  'candles',
  {
    assetId: bigint('asset_id', { mode: 'number' })
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    interval: text('interval', { enum: ['1m', '5m', '15m', '1h', '4h', '1d'] }).notNull(),
    /** Start of the bucket, in ms since the epoch (UTC). */
    startMs: bigint('start_ms', { mode: 'number' }).notNull(),
    open: doublePrecision('open').notNull(),
    high: doublePrecision('high').notNull(),
    low: doublePrecision('low').notNull(),
    close: doublePrecision('close').notNull(),
    volume: doublePrecision('volume').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.interval, t.startMs] })],
);

/** Which (instrument, interval) histories have been back-filled, so it happens once. */
export const candleBackfills = pgTable(
  'candle_backfills',
  {
    assetId: bigint('asset_id', { mode: 'number' })
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    interval: text('interval').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.interval] })],
);

/**
 * The double-entry ledger (DESIGN §3). Every change of a customer's balance or credit is two rows
 * with the same `txn_id`: one on the customer's account, the opposite on a house account. Rows never
 * change; each account's balance equals the sum of its rows and all rows sum to zero.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    txnId: text('txn_id').notNull(),
    /** The customer's trading account, or null for a house row. */
    tradingAccountId: bigint('trading_account_id', { mode: 'number' }).references(() => tradingAccounts.id),
    /** The house account a house row books to (one per currency and book: DESIGN §11). */
    houseAccount: text('house_account', { enum: HOUSE_ACCOUNTS }),
    /** Every row of one transaction id is in one currency: the customer account's, or the house's. */
    currency: text('currency').notNull().default('USD'),
    /** Real money or a demo account's virtual money; each book sums to zero on its own. */
    book: text('book', { enum: ACCOUNT_KINDS }).notNull().default('live'),
    field: text('field', { enum: ['balance', 'credit'] }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    reason: text('reason').notNull(),
    /** The position whose close booked this entry, for realised P/L and negative balance protection. */
    tradeId: bigint('trade_id', { mode: 'number' }),
    /** What else the entry belongs to: a deposit, withdrawal, transfer or savings position. */
    refType: text('ref_type'),
    refId: bigint('ref_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.tradingAccountId),
    index('ledger_entries_txn_idx').on(t.txnId),
    index('ledger_entries_ref_idx').on(t.refType, t.refId),
    check('ledger_entries_one_side', sql`(${t.tradingAccountId} is null) <> (${t.houseAccount} is null)`),
  ],
);

/**
 * Orders and positions (SPEC §3 Trade). A market order is born `open`; a pending order is born
 * `pending` and becomes `open` when its entry price is reached (or `cancelled`). A partial close
 * splits off a `closed` row (`parent_id` → the position) and shrinks the open one.
 */
export const trades = pgTable(
  'trades',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tradingAccountId: bigint('trading_account_id', { mode: 'number' })
      .notNull()
      .references(() => tradingAccounts.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    assetId: bigint('asset_id', { mode: 'number' })
      .notNull()
      .references(() => assets.id),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    orderType: text('order_type', { enum: ORDER_TYPES }).notNull().default('market'),
    status: text('status', { enum: TRADE_STATUSES }).notNull(),
    lots: doublePrecision('lots').notNull(),
    units: doublePrecision('units').notNull(),
    contractSize: doublePrecision('contract_size').notNull(),
    leverage: integer('leverage').notNull(),
    /** A pending order's entry price. */
    entryPrice: doublePrecision('entry_price'),
    openingPrice: doublePrecision('opening_price'),
    closingPrice: doublePrecision('closing_price'),
    takeProfit: doublePrecision('take_profit'),
    stopLoss: doublePrecision('stop_loss'),
    /** Margin held, in the account currency, fixed when the position opens. */
    marginCents: bigint('margin_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Realised P/L in the account currency once closed. */
    pnlCents: bigint('pnl_cents', { mode: 'bigint' }),
    closeReason: text('close_reason', { enum: CLOSE_REASONS }),
    parentId: bigint('parent_id', { mode: 'number' }),
    /** Who placed it (DESIGN §13): the customer, an Expert Advisor or AutoTrader run, or staff. */
    origin: text('origin', { enum: ORDER_ORIGINS }).notNull().default('user'),
    /** The advisor's name for `ea`/`autotrader` orders (history and notifications show it). */
    originName: text('origin_name'),
    advisorRunId: bigint('advisor_run_id', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('trades_account_status_idx').on(t.tradingAccountId, t.status, t.id),
    index('trades_live_idx').on(t.status).where(sql`${t.status} in ('open', 'pending')`),
    index('trades_run_idx').on(t.advisorRunId).where(sql`${t.advisorRunId} is not null`),
    check('trades_lots_positive', sql`${t.lots} > 0`),
    check('trades_margin_nonneg', sql`${t.marginCents} >= 0`),
  ],
);

/** Client order ids already acted on (DESIGN §3 idempotency): the same key returns the first answer. */
export const orderRequests = pgTable(
  'order_requests',
  {
    tradingAccountId: bigint('trading_account_id', { mode: 'number' })
      .notNull()
      .references(() => tradingAccounts.id),
    clientOrderId: text('client_order_id').notNull(),
    tradeId: bigint('trade_id', { mode: 'number' })
      .notNull()
      .references(() => trades.id),
    response: jsonb('response').notNull(),
    /** What the order asked for (the domain's orderFingerprint): the same key with another order is refused. */
    requestFingerprint: text('request_fingerprint'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tradingAccountId, t.clientOrderId] })],
);

/** What the platform tells a customer (SPEC §3 Notification): margin calls, closes by SL/TP/stop-out, approvals. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    color: text('color', { enum: ['danger', 'success', 'warning', 'other'] })
      .notNull()
      .default('other'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.id)],
);

/**
 * The economic calendar (SPEC §9): one row per scheduled release. `importance` is −1 (low), 0
 * (medium) or 1 (high); `actual` stays null until the figure is out. Values are display text
 * ("3.2%", "-68.3B", "221K") as calendars publish them.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** ISO 3166 alpha-2, upper case ('EU' for the euro area). */
    country: char('country', { length: 2 }).notNull(),
    currency: text('currency').notNull(),
    title: text('title').notNull(),
    importance: smallint('importance').notNull().default(0),
    actual: text('actual'),
    forecast: text('forecast'),
    previous: text('previous'),
    /** Seeded sample rows, marked "Demo content" to customers until staff remove them. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('calendar_events_at_idx').on(t.at, t.id),
    check('calendar_events_importance_range', sql`${t.importance} between -1 and 1`),
    check('calendar_events_country_code', sql`${t.country} ~ '^[A-Z]{2}$'`),
  ],
);

/** Market headlines shown beside the charts, tagged with the instruments (display symbols) they concern. */
export const newsItems = pgTable(
  'news_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    source: text('source').notNull(),
    url: text('url'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** Display symbols, e.g. ['EUR/USD', 'XAU/USD']. */
    symbols: jsonb('symbols').$type<string[]>().notNull().default([]),
    /** Seeded sample rows, marked "Demo content" to customers until staff remove them. */
    isDemo: boolean('is_demo').notNull().default(false),
    /** The RSS/Atom source it came from (null: written by staff or seeded). */
    sourceId: bigint('source_id', { mode: 'number' }).references(() => newsSources.id, {
      onDelete: 'set null',
    }),
    /** The feed item's guid (or link): a refetch never stores the same item twice. */
    guid: text('guid'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('news_items_published_idx').on(t.publishedAt, t.id),
    uniqueIndex('news_items_source_guid_idx').on(t.sourceId, t.guid),
  ],
);

/**
 * Support chat (SPEC §2 Chat, §3 Chat message): one conversation per customer, written by the
 * customer and by staff (`is_admin`). `read_at` is when the other side read it.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Whose conversation: always a customer. */
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: bigint('sender_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The sender was staff when it was written. */
    isAdmin: boolean('is_admin').notNull(),
    /** Stored verbatim; the client renders it as text, never as HTML. */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_messages_customer_idx').on(t.customerId, t.id),
    index('chat_messages_unread_idx').on(t.isAdmin, t.customerId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * Files uploaded to the chat (DESIGN §3): kept under `<DATA_DIR>/uploads/chat/<stored_name>`, a name
 * the server made. An upload belongs to its uploader until a message of theirs takes it.
 */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    /** Random public id (a UUID), the only handle clients see. */
    id: text('id').primaryKey(),
    messageId: bigint('message_id', { mode: 'number' }).references(() => chatMessages.id, {
      onDelete: 'cascade',
    }),
    uploaderId: bigint('uploader_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storedName: text('stored_name').notNull(),
    /** The client's name, sanitized, for Content-Disposition only. */
    fileName: text('file_name').notNull(),
    /** From the file's bytes, never from the client. */
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    isImage: boolean('is_image').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('chat_attachments_stored_name_key').on(t.storedName),
    index('chat_attachments_message_idx').on(t.messageId),
    index('chat_attachments_unattached_idx').on(t.uploaderId).where(sql`${t.messageId} is null`),
    check('chat_attachments_size_nonneg', sql`${t.sizeBytes} >= 0`),
  ],
);

/**
 * The audit trail (DESIGN §12): every staff action and configuration change, append-only. Each row
 * carries a SHA-256 over its content and the previous row's hash, so a changed or removed row breaks
 * the chain (`GET /admin/audit/verify`).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The staff member (null for the platform itself). */
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id),
    actorIp: text('actor_ip'),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_log_object_idx').on(t.objectType, t.objectId),
    index('audit_log_actor_idx').on(t.actorId),
    index('audit_log_action_idx').on(t.action),
    index('audit_log_at_idx').on(t.at),
  ],
);

/** Staff-only notes on a client, kept apart from the audit trail (editable; B2Core keeps them separate). */
export const clientNotes = pgTable(
  'client_notes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('client_notes_customer_idx').on(t.customerId)],
);

/**
 * The approvals queue (DESIGN §12): a request that takes effect only when a second staff member
 * approves it (four-eyes adjustments now; deposits, withdrawals, verification and AutoTrader later).
 * Decisions are compare-and-set on `status`; the approver is never the requester.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'cancelled'] })
      .notNull()
      .default('pending'),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    /** What the request will do when approved (validated by its kind). */
    payload: jsonb('payload').notNull(),
    summary: text('summary').notNull(),
    requestedBy: bigint('requested_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reasonCode: text('reason_code'),
    reason: text('reason'),
  },
  (t) => [
    index('approvals_status_idx').on(t.status, t.kind),
    index('approvals_object_idx').on(t.objectType, t.objectId),
    // One pending AutoTrader request per customer, race-free (SPEC §8 'pending auto trader request').
    uniqueIndex('approvals_one_pending_autotrader_key')
      .on(t.objectId)
      .where(sql`${t.kind} = 'autotrader' and ${t.status} = 'pending'`),
    check('approvals_four_eyes', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`),
  ],
);

/** RSS 2.0 / Atom feeds staff added; the `bots` node fetches the enabled ones into news_items. */
export const newsSources = pgTable('news_sources', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
  /** Null when the last fetch worked. */
  lastError: text('last_error'),
  /** Items the last fetch added. */
  lastAdded: integer('last_added').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Which demo content was seeded once (`calendar`, `news`): a table emptied by staff ("Remove demo
 * content") is not refilled at the next start.
 */
export const contentSeedMarks = pgTable('content_seed_marks', {
  kind: text('kind').primaryKey(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A customer's appropriateness questionnaire (registration step 2): the answers as given, the score
 * and band computed by the domain when saved, and when a low score's risk warning was acknowledged.
 */
export const financialProfiles = pgTable('financial_profiles', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  answers: jsonb('answers').notNull(),
  score: integer('score').notNull(),
  band: text('band', { enum: ['appropriate', 'low'] }).notNull(),
  riskAcknowledgedAt: timestamp('risk_acknowledged_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
  updatedAt: updatedAt(),
});

/**
 * One verification requirement of a customer (issue 15): identity document, proof of address,
 * selfie, source of funds, each with its own state (packages/domain verification/requirements.ts).
 * Staff decisions are compare-and-set on `state`. A row appears on the first upload or decision.
 */
export const verificationRequirements = pgTable(
  'verification_requirements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    state: text('state').notNull().default('not_submitted'),
    /** Submissions made; each submit counts one, a rejection leaves `max - submissions` retries. */
    submissions: integer('submissions').notNull().default(0),
    reasonCode: text('reason_code'),
    /** What the customer reads under the coded text. */
    customerMessage: text('customer_message'),
    /** Staff only, never sent to the customer. */
    staffComment: text('staff_comment'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id),
    /** A verification stops counting after this (read lazily as `expired`). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('verification_requirements_user_kind_key').on(t.userId, t.kind),
    index('verification_requirements_state_idx').on(t.state, t.submittedAt),
  ],
);

/**
 * Verification files under `<DATA_DIR>/uploads/verification/<stored_name>` (a server-made name).
 * `submission` is the number of the submit that took the file; null until the customer submits.
 */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requirement: text('requirement').notNull(),
    documentType: text('document_type').notNull(),
    side: text('side'),
    storedName: text('stored_name').notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    isImage: boolean('is_image').notNull(),
    submission: integer('submission'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('verification_documents_stored_name_key').on(t.storedName),
    index('verification_documents_user_idx').on(t.userId, t.requirement),
    check('verification_documents_size_nonneg', sql`${t.sizeBytes} >= 0`),
  ],
);

/** Staff's verification settings (one row, `id` pinned to 1): levels, four eyes, approval gate. */
export const verificationSettings = pgTable('verification_settings', {
  id: integer('id').primaryKey().default(1),
  approvalRequiresVerification: boolean('approval_requires_verification').notNull().default(false),
  fourEyes: boolean('four_eyes').notNull().default(false),
  maxSubmissions: integer('max_submissions').notNull().default(3),
  /** The levels as the domain's VerificationLevel[]; null: the defaults. */
  levels: jsonb('levels'),
  updatedAt: updatedAt(),
});

/** Provider webhook events already applied, so a redelivery changes nothing (idempotency). */
export const verificationProviderEvents = pgTable(
  'verification_provider_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * A user's TOTP second factor. The secret is AES-256-GCM sealed (security/secretBox.ts); the row is
 * pending until `enabledAt` is set by a first valid code. `lastUsedStep` refuses a replayed code.
 */
export const twoFactor = pgTable('two_factor', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-use recovery codes, kept only as keyed hashes; a used one keeps its row with `usedAt`. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/** A user's preferences (the domain's Preferences, validated on the way in and out). */
export const userPreferences = pgTable('user_preferences', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  prefs: jsonb('prefs').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Personal information beyond what `users` holds (issue 15, `/main/personal`): names, phone,
 * country (of residence, the address's country) and nationality stay on `users`.
 */
export const personalDetails = pgTable('personal_details', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** YYYY-MM-DD (a calendar date, no time zone). */
  dateOfBirth: text('date_of_birth'),
  addressLine1: text('address_line1'),
  addressLine2: text('address_line2'),
  city: text('city'),
  postalCode: text('postal_code'),
  /** A country slug of the domain's COUNTRIES. */
  taxResidence: text('tax_residence'),
  taxId: text('tax_id'),
  updatedAt: updatedAt(),
});

/**
 * Every change of a customer's personal information, kept (issue 15): the changed fields with
 * before and after, who (the customer, or staff approving a change request) and when.
 */
export const personalVersions = pgTable(
  'personal_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per customer, numbered under the customer's row lock. */
    version: integer('version').notNull(),
    /** The domain's FieldChange[]. */
    changes: jsonb('changes').notNull(),
    byKind: text('by_kind', { enum: ['customer', 'staff'] }).notNull(),
    actorId: bigint('actor_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    approvalId: bigint('approval_id', { mode: 'number' }).references(() => approvals.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('personal_versions_user_version_key').on(t.userId, t.version)],
);

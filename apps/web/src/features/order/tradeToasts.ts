import type { Side, Trade } from '@openbroker/domain';
import { toast } from 'sonner';
import { apiErrorMessage } from '@/api/errors';
import { i18n } from '@/i18n/i18n';
import { formatOrderPrice, formatUnits, lotsLabel } from './format';
import { type TradeSounds, tradeSounds } from './sounds';

/** SPEC §9: trading toasts stay 3 s on success and 5 s on failure. */
export const TRADE_TOAST_MS = { success: 3_000, failure: 5_000 } as const;

/**
 * SPEC §8 order and close messages (word for word in English), read from the catalogue when a
 * toast is shown, so they follow the reader's language.
 */
export const TRADE_MESSAGES = {
  orderPlaced: (side: Side) => i18n.t(side === 'buy' ? 'trade:toasts.buyPlaced' : 'trade:toasts.sellPlaced'),
  orderFailed: () => i18n.t('trade:toasts.orderFailed'),
  orderFailedFallback: () => i18n.t('trade:toasts.orderFailedFallback'),
  closed: () => i18n.t('trade:toasts.closed'),
  closeFailed: () => i18n.t('trade:toasts.closeFailed'),
  closeFailedFallback: () => i18n.t('trade:toasts.closeFailedFallback'),
} as const;

/** Our words for what SPEC leaves open (pending orders and TP/SL became real, DESIGN §6). */
export const EXTRA_MESSAGES = {
  pendingPlaced: () => i18n.t('trade:toasts.pendingPlaced'),
  pendingFailed: () => i18n.t('trade:toasts.pendingFailed'),
  stopsSaved: () => i18n.t('trade:toasts.stopsSaved'),
  stopsFailed: () => i18n.t('trade:toasts.stopsFailed'),
} as const;

/** "0.01 lots (1,000 units) at 1.17025": SPEC §8 "with lots, units and price". */
export function orderSummary(lots: number, units: number, price: number | null): string {
  return i18n.t('trade:toasts.orderSummary', {
    lots: lotsLabel(lots),
    units: formatUnits(units),
    price: formatOrderPrice(price),
  });
}

/** A trading success toast (3 s); orders and closes also play the rising tone, edits pass `null`. */
export function notifySuccess(
  title: string,
  description: string,
  sounds: TradeSounds | null = tradeSounds,
): void {
  toast.success(title, { description, duration: TRADE_TOAST_MS.success });
  sounds?.success();
}

/** A trading failure toast (5 s); orders and closes also buzz, edits pass `null`. */
export function notifyFailure(
  title: string,
  description: string,
  sounds: TradeSounds | null = tradeSounds,
): void {
  toast.error(title, { description, duration: TRADE_TOAST_MS.failure });
  sounds?.failure();
}

/** SPEC §8: '{Buy|Sell} order placed' with lots, units and the price the server opened at. */
export function notifyOrderPlaced(trade: Trade): void {
  notifySuccess(
    TRADE_MESSAGES.orderPlaced(trade.trade_type),
    orderSummary(trade.volume, trade.units, trade.opening_price),
  );
}

/** SPEC §8: 'Failed to execute trade' with the server's message or the fallback. */
export function notifyOrderFailed(error: unknown): void {
  notifyFailure(TRADE_MESSAGES.orderFailed(), apiErrorMessage(error, TRADE_MESSAGES.orderFailedFallback()));
}

/** SPEC §8: 'Position successfully closed', with what was closed. */
export function notifyClosed(trade: Pick<Trade, 'asset_symbol' | 'closing_price'>, lots: number): void {
  notifySuccess(
    TRADE_MESSAGES.closed(),
    i18n.t('trade:toasts.closedSummary', {
      symbol: trade.asset_symbol,
      lots: lotsLabel(lots),
      price: formatOrderPrice(trade.closing_price),
    }),
  );
}

/** SPEC §8: 'Failed to close trade'; the server's reason when it gave one, else SPEC's words. */
export function notifyCloseFailed(error: unknown): void {
  notifyFailure(TRADE_MESSAGES.closeFailed(), apiErrorMessage(error, TRADE_MESSAGES.closeFailedFallback()));
}

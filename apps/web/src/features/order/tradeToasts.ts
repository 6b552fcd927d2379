import type { Side, Trade } from '@openbroker/domain';
import { toast } from 'sonner';
import { apiErrorMessage } from '@/api/errors';
import { formatLots, formatOrderPrice, formatUnits } from './format';
import { type TradeSounds, tradeSounds } from './sounds';

/** SPEC §9: trading toasts stay 3 s on success and 5 s on failure. */
export const TRADE_TOAST_MS = { success: 3_000, failure: 5_000 } as const;

/** SPEC §8 order and close messages, word for word. */
export const TRADE_MESSAGES = {
  orderPlaced: (side: Side) => `${side === 'buy' ? 'Buy' : 'Sell'} order placed`,
  orderFailed: 'Failed to execute trade',
  orderFailedFallback: 'There was an error processing your trade. Please try again.',
  closed: 'Position successfully closed',
  closeFailed: 'Failed to close trade',
  closeFailedFallback: 'There was an error processing your request. Please try again.',
} as const;

/** Our words for what SPEC leaves open (pending orders and TP/SL became real, DESIGN §6). */
export const EXTRA_MESSAGES = {
  pendingPlaced: 'Pending order placed',
  pendingFailed: 'Failed to place pending order',
  stopsSaved: 'Take profit and stop loss saved',
  stopsFailed: 'Failed to update take profit and stop loss',
} as const;

/** "0.01 lots (1,000 units) at 1.17025": SPEC §8 "with lots, units and price". */
export function orderSummary(lots: number, units: number, price: number | null): string {
  return `${formatLots(lots)} lots (${formatUnits(units)} units) at ${formatOrderPrice(price)}`;
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
  notifyFailure(TRADE_MESSAGES.orderFailed, apiErrorMessage(error, TRADE_MESSAGES.orderFailedFallback));
}

/** SPEC §8: 'Position successfully closed', with what was closed. */
export function notifyClosed(trade: Pick<Trade, 'asset_symbol' | 'closing_price'>, lots: number): void {
  notifySuccess(
    TRADE_MESSAGES.closed,
    `${trade.asset_symbol} ${formatLots(lots)} lots closed at ${formatOrderPrice(trade.closing_price)}`,
  );
}

/** SPEC §8: 'Failed to close trade'; the server's reason when it gave one, else SPEC's words. */
export function notifyCloseFailed(error: unknown): void {
  notifyFailure(TRADE_MESSAGES.closeFailed, apiErrorMessage(error, TRADE_MESSAGES.closeFailedFallback));
}

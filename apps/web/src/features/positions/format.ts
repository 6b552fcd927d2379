import type { CloseReason, Trade } from '@openbroker/domain';
import { formatFixed, formatPrice } from '@openbroker/domain';

/** SPEC §8 empty states of the positions drawer. */
export const NO_ACTIVE_POSITIONS = 'No active positions found';
export const NO_HISTORICAL_POSITIONS = 'No historical positions found';
/** SPEC §8 list failures. */
export const OPEN_TRADES_FAILED = 'Failed to fetch open trades. Please try again.';
export const CLOSED_TRADES_FAILED = 'Failed to fetch closed trades. Please try again.';

const REASONS: Record<CloseReason, string> = {
  user: 'Closed by you',
  staff: 'Closed by staff',
  stop_loss: 'Stop loss',
  take_profit: 'Take profit',
  stop_out: 'Stop out',
  cancelled: 'Cancelled',
  expired: 'Expired',
  no_margin: 'No margin',
  advisor: 'Closed by advisor',
};

export function closeReasonLabel(reason: CloseReason | null): string {
  return reason ? REASONS[reason] : '—';
}

/** Lots with two places (SPEC §9 step 0.01). */
export function formatLots(lots: number): string {
  return Number.isFinite(lots) ? formatFixed(lots, 2) : '—';
}

/** A take-profit or stop-loss level; 0 means none (SPEC §7). */
export function formatLevel(level: number, decimals: number): string {
  return level > 0 ? formatPrice(level, decimals) : '—';
}

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** "02 Jan, 14:03:11" in the viewer's time zone; '—' for none. */
export function formatTime(iso: string | null): string {
  if (!iso) return '—';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '—' : DATE_TIME.format(ms);
}

export function sideLabel(trade: Pick<Trade, 'trade_type'>): string {
  return trade.trade_type === 'buy' ? 'Buy' : 'Sell';
}

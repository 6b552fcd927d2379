import type { CloseReason, Trade } from '@openbroker/domain';
import { formatPrice } from '@openbroker/domain';
import { formatDateTime, formatNumber } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';

/**
 * SPEC §8 empty states and list failures of the positions drawer, word for word. Screens show them
 * through the catalogue (`trade:positions.noActive` …), which holds the same English words.
 */
export const NO_ACTIVE_POSITIONS = 'No active positions found';
export const NO_HISTORICAL_POSITIONS = 'No historical positions found';
export const OPEN_TRADES_FAILED = 'Failed to fetch open trades. Please try again.';
export const CLOSED_TRADES_FAILED = 'Failed to fetch closed trades. Please try again.';

/** Why a position closed, in the reader's language; '—' for none. */
export function closeReasonLabel(reason: CloseReason | null): string {
  return reason ? i18n.t(`trade:positions.reasons.${reason}`) : '—';
}

/** Lots with two places (SPEC §9 step 0.01), in the reader's notation. */
export function formatLots(lots: number): string {
  return Number.isFinite(lots)
    ? formatNumber(lots, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    : '—';
}

/** A take-profit or stop-loss level; 0 means none (SPEC §7). */
export function formatLevel(level: number, decimals: number): string {
  return level > 0 ? formatPrice(level, decimals) : '—';
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
};

/** "Jan 02, 14:03:11" in the viewer's time zone and language; '—' for none. */
export function formatTime(iso: string | null): string {
  if (!iso) return '—';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '—' : formatDateTime(ms, DATE_TIME);
}

/** "Buy" / "Sell" in the reader's language. */
export function sideLabel(trade: Pick<Trade, 'trade_type'>): string {
  return i18n.t(trade.trade_type === 'buy' ? 'trade:side.buy' : 'trade:side.sell');
}

import type { Trade } from '@openbroker/domain';
import { toCents } from '@openbroker/domain';

export interface PnlPoint {
  /** ms since the epoch. */
  time: number;
  /** Cumulative realised P/L up to and including this close, to the cent. */
  value: number;
}

/**
 * Cumulative realised P/L by close time (the dashboard's P/L over time): one point per closed
 * position in close order, summed in cents so hundreds of trades add up exactly. Cancelled and
 * expired pending orders never traded and are left out; the series starts at 0 just before the
 * first close.
 */
export function cumulativePnl(trades: readonly Trade[]): PnlPoint[] {
  const closes = trades
    .filter((t) => t.status === 'closed' && t.close_time !== null && t.opening_price !== null)
    .map((t) => ({ time: Date.parse(t.close_time ?? ''), cents: toCents(t.pnl), id: t.id }))
    .filter((c) => Number.isFinite(c.time))
    .sort((a, b) => a.time - b.time || a.id - b.id);
  const first = closes[0];
  if (!first) return [];
  let total = 0n;
  const points: PnlPoint[] = [{ time: first.time - 1, value: 0 }];
  for (const c of closes) {
    total += c.cents;
    points.push({ time: c.time, value: Number(total) / 100 });
  }
  return points;
}

import { z } from 'zod';
import type { Side } from '../../orders/side.ts';
import { closePrice } from '../../pricing/quote.ts';
import type { Bar, EngineTick, Intent, Strategy } from '../contract.ts';
import { atr, closesOf, MA_TYPES, movingAverage } from '../indicators.ts';
import { closeAll, fmtPrice, lotsParam, secondsToMs, timeframeSecParam } from './common.ts';

export const TRAIL_MODES = ['percent', 'atr'] as const;

/**
 * A trailing stop is only moved when it improves by at least this share of the trailing distance,
 * so a run sends one modification per meaningful move, not one per tick.
 */
export const TRAIL_STEP_FRACTION = 0.1;

export const trendTrailingParams = z.object({
  timeframeSec: timeframeSecParam,
  trendPeriod: z.number().int().min(5).max(500).describe('Trend average (bars)'),
  maType: z.enum(MA_TYPES).describe('Average type'),
  trailMode: z.enum(TRAIL_MODES).describe('Trailing distance as a percentage or an ATR multiple'),
  trailPercent: z.number().min(0.01).max(50).describe('Trailing distance (% of price)'),
  atrPeriod: z.number().int().min(2).max(100).describe('ATR period (bars)'),
  atrMultiple: z.number().min(0.1).max(20).describe('Trailing distance (ATR multiples)'),
  lots: lotsParam,
});
export type TrendTrailingParams = z.infer<typeof trendTrailingParams>;

/** The trailing distance now, or null while the ATR still lacks history. */
function trailDistance(p: TrendTrailingParams, bars: readonly Bar[], price: number): number | null {
  if (p.trailMode === 'percent') return (price * p.trailPercent) / 100;
  const value = atr(bars, p.atrPeriod);
  return value === null || value <= 0 ? null : value * p.atrMultiple;
}

/** The stop a position on `side` would trail at on this tick. */
function trailLevel(side: Side, tick: EngineTick, dist: number): number {
  const ref = closePrice(side, tick);
  return side === 'buy' ? ref - dist : ref + dist;
}

/** Which side the trend favours on these closes: above a rising average long, below a falling one short. */
function trendSide(p: TrendTrailingParams, closes: readonly number[]): Side | null {
  const close = closes[closes.length - 1];
  const maNow = movingAverage(p.maType, closes, p.trendPeriod);
  const maPrev = movingAverage(p.maType, closes.slice(0, -1), p.trendPeriod);
  if (close === undefined || maNow === null || maPrev === null) return null;
  if (close > maNow && maNow > maPrev) return 'buy';
  if (close < maNow && maNow < maPrev) return 'sell';
  return null;
}

/**
 * Trend following with a trailing exit. Entries are edge-triggered: the bar on which the trend
 * condition becomes true (it was not on the bar before) opens a position with a stop at the
 * trailing distance; an opposite signal closes and reverses. On every tick the stop follows the
 * price (never back), as `modify` intents; the engine closes the position when the price crosses it.
 */
export const trendTrailing: Strategy<TrendTrailingParams> = {
  key: 'trend_trailing',
  name: 'Trend Follower with Trailing Stop',
  description:
    'Trades only in the direction of the trend, read from a long moving average (default 50 bars): it buys on the bar where the price closes above a rising average, and sells where it closes below a falling one. Every position carries a stop-loss at a trailing distance (a percentage of the price, or a multiple of the Average True Range) that follows the price as it moves in favour and never moves back; the position closes when the price falls back to the stop, or on an opposite signal.',
  risks:
    'When the market turns sideways the price keeps crossing the average and the stops are hit often, each time for a loss. The trailing stop gives back the trailing distance of every winning move, and a fast move or gap can close the position well beyond the stop. A tight distance stops out on noise; a wide one risks more per trade.',
  params: trendTrailingParams,
  defaults: {
    timeframeSec: 60,
    trendPeriod: 50,
    maType: 'ema',
    trailMode: 'atr',
    trailPercent: 1,
    atrPeriod: 14,
    atrMultiple: 3,
    lots: 0.1,
  },
  timeframeMs: secondsToMs,
  lookback: (p) =>
    Math.max(p.maType === 'ema' ? p.trendPeriod * 4 + 1 : p.trendPeriod + 1, p.atrPeriod * 5 + 1),
  onBar({ params: p, bars, tick, positions }) {
    const closes = closesOf(bars);
    const side = trendSide(p, closes);
    if (side === null || trendSide(p, closes.slice(0, -1)) === side) return [];
    const intents: Intent[] = [];
    const label = `${p.maType.toUpperCase()}${p.trendPeriod}`;
    const reason = `Trend ${side === 'buy' ? 'up' : 'down'}: close ${fmtPrice(closes[closes.length - 1] ?? 0)} ${side === 'buy' ? 'above a rising' : 'below a falling'} ${label}`;
    intents.push(...closeAll(positions, side === 'buy' ? 'sell' : 'buy', reason));
    if (positions.some((pos) => pos.side === side)) return intents;
    const dist = trailDistance(p, bars, closePrice(side, tick));
    if (dist === null) return intents;
    const stop = trailLevel(side, tick, dist);
    if (stop <= 0) return intents;
    intents.push({ type: 'open', side, lots: p.lots, stopLoss: stop, takeProfit: null, reason });
    return intents;
  },
  onTick({ params: p, bars, tick, positions }) {
    const intents: Intent[] = [];
    for (const pos of positions) {
      const dist = trailDistance(p, bars, closePrice(pos.side, tick));
      if (dist === null) continue;
      const level = trailLevel(pos.side, tick, dist);
      const step = dist * TRAIL_STEP_FRACTION;
      const current = pos.stopLoss;
      const better =
        current === null || (pos.side === 'buy' ? level >= current + step : level <= current - step);
      if (better && level > 0) {
        intents.push({
          type: 'modify',
          positionId: pos.id,
          stopLoss: level,
          reason: `Trailing stop ${pos.side === 'buy' ? 'raised' : 'lowered'} to ${fmtPrice(level)}`,
        });
      }
    }
    return intents;
  },
};

import { sma } from '../indicators/indicators.ts';
import type { Bar } from './contract.ts';

/**
 * Small indicators the strategies need beyond `sma` and `rsi` (indicators/indicators.ts). Pure
 * functions over values oldest first; each gives null when there is not enough history, so a
 * strategy simply waits instead of deciding on a half-formed value.
 */

export const MA_TYPES = ['sma', 'ema'] as const;
export type MaType = (typeof MA_TYPES)[number];

/**
 * Exponential moving average of the last value, weight 2/(period+1), seeded with the plain mean of
 * the first `period` values. It depends on every value it is given, so a strategy always passes the
 * same window (the engine keeps exactly `lookback` bars), and the live run and the backtest agree.
 */
export function ema(values: readonly number[], period: number): number | null {
  if (!Number.isInteger(period) || period < 1 || values.length < period) return null;
  let value = 0;
  for (let i = 0; i < period; i++) value += values[i] ?? 0;
  value /= period;
  const k = 2 / (period + 1);
  for (let i = period; i < values.length; i++) value += ((values[i] ?? 0) - value) * k;
  return value;
}

/** The chosen moving average of the last value. */
export function movingAverage(kind: MaType, values: readonly number[], period: number): number | null {
  return kind === 'ema' ? ema(values, period) : sma(values, period);
}

/** Highest of the last `period` values; null when there are fewer. */
export function highest(values: readonly number[], period: number): number | null {
  if (!Number.isInteger(period) || period < 1 || values.length < period) return null;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = values.length - period; i < values.length; i++) max = Math.max(max, values[i] ?? max);
  return max;
}

/** Lowest of the last `period` values; null when there are fewer. */
export function lowest(values: readonly number[], period: number): number | null {
  if (!Number.isInteger(period) || period < 1 || values.length < period) return null;
  let min = Number.POSITIVE_INFINITY;
  for (let i = values.length - period; i < values.length; i++) min = Math.min(min, values[i] ?? min);
  return min;
}

/** A bar's true range: its high − low, widened to the previous close when the market gapped. */
export function trueRange(bar: Bar, previousClose: number | null): number {
  if (previousClose === null) return bar.high - bar.low;
  return Math.max(bar.high - bar.low, Math.abs(bar.high - previousClose), Math.abs(bar.low - previousClose));
}

/**
 * Wilder's average true range of the last bar: the first value is the mean of the first `period`
 * true ranges (each needs the previous close, so `period + 1` bars), later ones smooth with 1/period.
 */
export function atr(bars: readonly Bar[], period: number): number | null {
  if (!Number.isInteger(period) || period < 1 || bars.length < period + 1) return null;
  let value = 0;
  for (let i = 1; i <= period; i++) {
    const bar = bars[i];
    const prev = bars[i - 1];
    if (bar === undefined || prev === undefined) return null;
    value += trueRange(bar, prev.close);
  }
  value /= period;
  for (let i = period + 1; i < bars.length; i++) {
    const bar = bars[i];
    const prev = bars[i - 1];
    if (bar === undefined || prev === undefined) return null;
    value = (value * (period - 1) + trueRange(bar, prev.close)) / period;
  }
  return value;
}

/** Closing prices of bars, oldest first. */
export function closesOf(bars: readonly Bar[]): number[] {
  return bars.map((b) => b.close);
}

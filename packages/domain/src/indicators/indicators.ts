/**
 * Technical indicators over our own candles: simple moving averages, Wilder's RSI, and the
 * Buy/Neutral/Sell summary the order screen shows in place of SPEC §2's third-party analysis
 * widget. Pure functions over closing prices, oldest first, so the web client and the server's
 * strategies (DESIGN §13) read a market the same way.
 */

export const SMA_FAST = 20;
export const SMA_SLOW = 50;
export const RSI_PERIOD = 14;
/** Classic RSI bands: above 70 overbought, below 30 oversold. */
export const RSI_OVERBOUGHT = 70;
export const RSI_OVERSOLD = 30;

export type Trend = 'up' | 'down' | 'flat';
export type Verdict = 'Buy' | 'Neutral' | 'Sell';

/** Mean of the last `period` values; null when there are fewer. */
export function sma(values: readonly number[], period: number): number | null {
  if (!Number.isInteger(period) || period < 1 || values.length < period) return null;
  let sum = 0;
  for (let i = values.length - period; i < values.length; i++) sum += values[i] ?? 0;
  return sum / period;
}

/**
 * Wilder's relative strength index of the last close (0–100): the first average gain and loss are
 * plain means of the first `period` changes, then each later change is smoothed in with weight
 * 1/period. Null with fewer than `period + 1` closes. No losses gives 100, no gains 0, no movement 50.
 */
export function rsi(closes: readonly number[], period: number = RSI_PERIOD): number | null {
  if (!Number.isInteger(period) || period < 1 || closes.length < period + 1) return null;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i++) {
    const change = (closes[i] ?? 0) - (closes[i - 1] ?? 0);
    if (change > 0) gain += change;
    else loss -= change;
  }
  gain /= period;
  loss /= period;
  for (let i = period + 1; i < closes.length; i++) {
    const change = (closes[i] ?? 0) - (closes[i - 1] ?? 0);
    gain = (gain * (period - 1) + Math.max(change, 0)) / period;
    loss = (loss * (period - 1) + Math.max(-change, 0)) / period;
  }
  if (loss === 0) return gain === 0 ? 50 : 100;
  return 100 - 100 / (1 + gain / loss);
}

/** Up when the fast average is above the slow one, down when below. */
export function trendOf(fast: number | null, slow: number | null): Trend | null {
  if (fast === null || slow === null) return null;
  if (fast > slow) return 'up';
  if (fast < slow) return 'down';
  return 'flat';
}

/**
 * One vote from the trend (up buys, down sells) and one from the RSI (oversold buys, overbought
 * sells, in between no vote). A net vote for one side gives that verdict, so a rising market that
 * is already overbought reads Neutral rather than Buy.
 */
export function verdictOf(trend: Trend | null, rsiValue: number | null): Verdict | null {
  if (trend === null && rsiValue === null) return null;
  let score = 0;
  if (trend === 'up') score += 1;
  if (trend === 'down') score -= 1;
  if (rsiValue !== null && rsiValue < RSI_OVERSOLD) score += 1;
  if (rsiValue !== null && rsiValue > RSI_OVERBOUGHT) score -= 1;
  return score > 0 ? 'Buy' : score < 0 ? 'Sell' : 'Neutral';
}

export interface TechnicalSummary {
  smaFast: number | null;
  smaSlow: number | null;
  trend: Trend | null;
  rsi: number | null;
  verdict: Verdict | null;
}

/** The whole summary from closing prices, oldest first. */
export function technicalSummary(closes: readonly number[]): TechnicalSummary {
  const smaFast = sma(closes, SMA_FAST);
  const smaSlow = sma(closes, SMA_SLOW);
  const trend = trendOf(smaFast, smaSlow);
  const rsiValue = rsi(closes, RSI_PERIOD);
  return { smaFast, smaSlow, trend, rsi: rsiValue, verdict: verdictOf(trend, rsiValue) };
}

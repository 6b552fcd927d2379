/** Chart intervals the server builds and keeps (SPEC §9 "Chart interval 1 minute" is the default). */
export const CANDLE_INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];
export const DEFAULT_CANDLE_INTERVAL: CandleInterval = '1m';

export const INTERVAL_MS: Record<CandleInterval, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
};

/** How much history each interval keeps from the first minute: 2 days of 1m … a year of 1d. */
export const HISTORY_SPAN_MS: Record<CandleInterval, number> = {
  '1m': 2 * 86_400_000,
  '5m': 7 * 86_400_000,
  '15m': 14 * 86_400_000,
  '1h': 30 * 86_400_000,
  '4h': 90 * 86_400_000,
  '1d': 365 * 86_400_000,
};

/** Most candles one request returns. */
export const MAX_CANDLES_PER_REQUEST = 1500;

export interface Candle {
  /** Bucket start, ms since the epoch (UTC). */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** The UTC-aligned bucket a moment falls in (days start at 00:00 UTC, 4 h buckets at 00, 04, …). */
export function bucketStart(atMs: number, interval: CandleInterval): number {
  const size = INTERVAL_MS[interval];
  return Math.floor(atMs / size) * size;
}

/** A candle that holds together: low ≤ open, close ≤ high. */
export function isWellFormed(c: Candle): boolean {
  return c.low <= Math.min(c.open, c.close) && c.high >= Math.max(c.open, c.close) && c.low > 0;
}

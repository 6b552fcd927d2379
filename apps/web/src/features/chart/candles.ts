import {
  bucketStart,
  CANDLE_INTERVALS,
  type Candle,
  type CandleInterval,
  candleSchema,
} from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';

/** The intervals the server builds (`GET /assets/{id}/candles?interval=`), 1 minute first (SPEC §9). */
export const CHART_INTERVALS = CANDLE_INTERVALS;

/**
 * Candles as the chart draws them: sorted by time, one per bucket, malformed ones dropped (a
 * series that goes back in time throws inside lightweight-charts).
 */
export function cleanCandles(value: unknown): Candle[] {
  if (!Array.isArray(value)) return [];
  const byTime = new Map<number, Candle>();
  for (const item of value) {
    const parsed = candleSchema.safeParse(item);
    if (parsed.success) byTime.set(parsed.data.time, parsed.data);
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** `GET /assets/{id}/candles?interval=`: the server's history for the interval, up to 1,500 candles. */
export async function getCandles(assetId: number, interval: CandleInterval): Promise<Candle[]> {
  const response = await api.get<{ data: unknown }>(`/assets/${assetId}/candles`, { params: { interval } });
  return cleanCandles(response.data.data);
}

export const candleKeys = {
  series: (assetId: number, interval: CandleInterval) => ['chart', 'candles', assetId, interval] as const,
};

export function useCandles(assetId: number, interval: CandleInterval) {
  return useQuery({
    queryKey: candleKeys.series(assetId, interval),
    queryFn: () => getCandles(assetId, interval),
    // Live candles keep the chart current; history is fetched again only after a while away.
    staleTime: 60_000,
    gcTime: 5 * 60_000,
  });
}

/**
 * The series after a live candle: it replaces the bar of its bucket or starts a new one; an older
 * candle than the last is ignored. Returns null when nothing changes.
 */
export function applyCandle(bars: Candle[], candle: Candle): Candle | null {
  const last = bars.at(-1);
  if (last && candle.time < last.time) return null;
  if (last && candle.time === last.time) {
    if (
      last.open === candle.open &&
      last.high === candle.high &&
      last.low === candle.low &&
      last.close === candle.close
    ) {
      return null;
    }
    bars[bars.length - 1] = candle;
  } else {
    bars.push(candle);
  }
  return candle;
}

/**
 * A price tick folded into the series when no live candle stream is flowing: it moves the close
 * (and high/low) of the current bucket's bar, or opens the next bar at that price.
 */
export function candleFromTick(
  last: Candle | undefined,
  price: number,
  atMs: number,
  interval: CandleInterval,
): Candle | null {
  if (!Number.isFinite(price) || price <= 0) return null;
  const time = bucketStart(atMs, interval);
  if (last && time < last.time) return null;
  if (last && time === last.time) {
    return {
      ...last,
      high: Math.max(last.high, price),
      low: Math.min(last.low, price),
      close: price,
    };
  }
  return { time, open: price, high: price, low: price, close: price, volume: 0 };
}

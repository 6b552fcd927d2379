import {
  type Bar,
  CANDLE_INTERVALS,
  type CandleInterval,
  INTERVAL_MS,
  resampleBars,
} from '@openbroker/domain';
import type { MarketData } from '../../../feed/MarketData.ts';
import type { LiveLeg } from './live.ts';

/**
 * The coarsest stored candle interval bars of `timeframeMs` can be built from (it divides the
 * timeframe); none below a minute, where there are no stored candles to warm from.
 */
export function warmInterval(timeframeMs: number): CandleInterval | null {
  let best: CandleInterval | null = null;
  for (const interval of CANDLE_INTERVALS) {
    const ms = INTERVAL_MS[interval];
    if (ms <= timeframeMs && timeframeMs % ms === 0) best = interval;
  }
  return best;
}

/**
 * Warms engines with the platform's stored candles, so a run started (or resumed) mid-day decides
 * on its first bar instead of waiting `lookback` bars. One read per instrument and interval, however
 * many legs share it.
 */
export async function warmLegs(market: MarketData, legs: readonly LiveLeg[], now: number): Promise<void> {
  const groups = new Map<
    string,
    { assetId: number; interval: CandleInterval; spanMs: number; legs: LiveLeg[] }
  >();
  for (const leg of legs) {
    const tf = leg.engine.timeframeMs;
    const interval = warmInterval(tf);
    if (interval === null) continue;
    const key = `${leg.leg.assetId}:${interval}`;
    const spanMs = (leg.engine.lookback + 2) * tf;
    const g = groups.get(key);
    if (g) {
      g.spanMs = Math.max(g.spanMs, spanMs);
      g.legs.push(leg);
    } else groups.set(key, { assetId: leg.leg.assetId, interval, spanMs, legs: [leg] });
  }
  for (const g of groups.values()) {
    const candles = await market.candlesFor(g.assetId, g.interval, now - g.spanMs, now + 1);
    const bars: Bar[] = candles.map((c) => ({
      time: c.time,
      open: c.open,
      high: c.high,
      low: c.low,
      close: c.close,
    }));
    for (const leg of g.legs) leg.engine.warm(resampleBars(bars, leg.engine.timeframeMs));
  }
}

import { bucketStart, CANDLE_INTERVALS, type Candle, type CandleInterval } from '@openbroker/domain';
import type { Tick } from './FeedSource.ts';

export interface ClosedCandle extends Candle {
  assetId: number;
  interval: CandleInterval;
}

/**
 * Folds ticks into the open candle of every interval for every instrument. A tick touches six
 * small objects; a candle is handed out for storage once its bucket has passed.
 */
export class CandleBuilder {
  private readonly open = new Map<number, Map<CandleInterval, Candle>>();
  private closed: ClosedCandle[] = [];
  /** Instruments whose open candles changed since the last `takeDirty`. */
  private dirty = new Set<number>();

  apply(tick: Tick): void {
    let byInterval = this.open.get(tick.assetId);
    if (!byInterval) {
      byInterval = new Map();
      this.open.set(tick.assetId, byInterval);
    }
    for (const interval of CANDLE_INTERVALS) {
      const start = bucketStart(tick.at, interval);
      const c = byInterval.get(interval);
      if (c && c.time === start) {
        if (tick.price > c.high) c.high = tick.price;
        if (tick.price < c.low) c.low = tick.price;
        c.close = tick.price;
        c.volume += tick.volume;
        continue;
      }
      if (c) this.closed.push({ ...c, assetId: tick.assetId, interval });
      // A new bucket opens at the previous close, so consecutive candles join without gaps in price.
      const open = c ? c.close : tick.price;
      byInterval.set(interval, {
        time: start,
        open,
        high: Math.max(open, tick.price),
        low: Math.min(open, tick.price),
        close: tick.price,
        volume: tick.volume,
      });
    }
    this.dirty.add(tick.assetId);
  }

  /** The candle still forming, for charts and the live candle stream. */
  current(assetId: number, interval: CandleInterval): Candle | undefined {
    return this.open.get(assetId)?.get(interval);
  }

  /** Candles whose bucket has passed, once each. */
  takeClosed(): ClosedCandle[] {
    const out = this.closed;
    this.closed = [];
    return out;
  }

  /** The forming candles of instruments that ticked since the last call (periodic save). */
  takeDirty(): ClosedCandle[] {
    const out: ClosedCandle[] = [];
    for (const assetId of this.dirty) {
      for (const [interval, c] of this.open.get(assetId) ?? []) out.push({ ...c, assetId, interval });
    }
    this.dirty.clear();
    return out;
  }
}

import type { Candle } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { applyCandle, candleFromTick, cleanCandles } from './candles';

const bar = (time: number, close: number): Candle => ({
  time,
  open: close,
  high: close,
  low: close,
  close,
  volume: 0,
});

describe('chart candles', () => {
  it('sorts, de-duplicates and drops malformed candles from the server', () => {
    expect(
      cleanCandles([
        bar(120_000, 3),
        { time: 'x', open: 1 },
        bar(60_000, 1),
        bar(60_000, 2),
        { time: 0, open: 1, high: 1, low: 1, close: 1 },
      ]),
    ).toEqual([{ time: 0, open: 1, high: 1, low: 1, close: 1, volume: 0 }, bar(60_000, 2), bar(120_000, 3)]);
    expect(cleanCandles(null)).toEqual([]);
  });

  it('replaces the current bar, appends a new one, ignores older ones and repeats', () => {
    const bars = [bar(0, 1), bar(60_000, 2)];
    expect(applyCandle(bars, bar(60_000, 3))).toEqual(bar(60_000, 3));
    expect(applyCandle(bars, bar(60_000, 3))).toBeNull();
    expect(applyCandle(bars, bar(120_000, 4))).toEqual(bar(120_000, 4));
    expect(applyCandle(bars, bar(0, 9))).toBeNull();
    expect(bars.map((b) => b.close)).toEqual([1, 3, 4]);
  });

  it('folds a tick into the bucket it falls in', () => {
    const last: Candle = { time: 60_000, open: 10, high: 12, low: 9, close: 11, volume: 5 };
    expect(candleFromTick(last, 13, 90_000, '1m')).toEqual({ ...last, high: 13, close: 13 });
    expect(candleFromTick(last, 8, 119_999, '1m')).toEqual({ ...last, low: 8, close: 8 });
    expect(candleFromTick(last, 10.5, 125_000, '1m')).toEqual({
      time: 120_000,
      open: 10.5,
      high: 10.5,
      low: 10.5,
      close: 10.5,
      volume: 0,
    });
    expect(candleFromTick(last, 10, 30_000, '1m')).toBeNull();
    expect(candleFromTick(last, Number.NaN, 90_000, '1m')).toBeNull();
    // A 5-minute bar starting at 0 takes a tick at 4:59.
    expect(candleFromTick({ ...last, time: 0 }, 14, 299_000, '5m')?.time).toBe(0);
  });
});

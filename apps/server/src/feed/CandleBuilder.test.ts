import { isWellFormed } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { CandleBuilder } from './CandleBuilder.ts';

const t0 = Date.UTC(2026, 10, 18, 10, 0, 0);

describe('CandleBuilder', () => {
  it('folds ticks into the forming candle of each interval and closes it when its bucket passes', () => {
    const b = new CandleBuilder();
    b.apply({ assetId: 1, price: 10, at: t0 + 1_000, volume: 1 });
    b.apply({ assetId: 1, price: 12, at: t0 + 20_000, volume: 1 });
    b.apply({ assetId: 1, price: 9, at: t0 + 40_000, volume: 1 });
    expect(b.current(1, '1m')).toEqual({ time: t0, open: 10, high: 12, low: 9, close: 9, volume: 3 });
    expect(b.takeClosed()).toEqual([]);
    b.apply({ assetId: 1, price: 11, at: t0 + 61_000, volume: 2 });
    const closed = b.takeClosed();
    expect(closed).toEqual([
      { assetId: 1, interval: '1m', time: t0, open: 10, high: 12, low: 9, close: 9, volume: 3 },
    ]);
    // The next minute opens at the last close, so the chart has no price gap.
    expect(b.current(1, '1m')).toEqual({
      time: t0 + 60_000,
      open: 9,
      high: 11,
      low: 9,
      close: 11,
      volume: 2,
    });
    expect(b.current(1, '1h')).toMatchObject({ time: t0, open: 10, high: 12, low: 9, close: 11, volume: 5 });
    for (const c of b.takeDirty()) expect(isWellFormed(c)).toBe(true);
    expect(b.takeDirty()).toEqual([]);
  });
});

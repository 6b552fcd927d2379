import { describe, expect, it } from 'vitest';
import type { Bar } from './contract.ts';
import { atr, ema, highest, lowest, movingAverage, trueRange } from './indicators.ts';

const bar = (high: number, low: number, close: number, time = 0): Bar => ({
  time,
  open: close,
  high,
  low,
  close,
});

describe('ema', () => {
  it('seeds with the mean of the first period, then weighs each value 2/(period+1)', () => {
    // Seed (1+2+3)/3 = 2; k = 0.5: 2 + (4−2)·0.5 = 3; 3 + (8−3)·0.5 = 5.5.
    expect(ema([1, 2, 3], 3)).toBe(2);
    expect(ema([1, 2, 3, 4], 3)).toBe(3);
    expect(ema([1, 2, 3, 4, 8], 3)).toBe(5.5);
  });
  it('is null with too few values or a bad period', () => {
    expect(ema([1, 2], 3)).toBeNull();
    expect(ema([1, 2], 0)).toBeNull();
  });
  it('is the chosen average through movingAverage', () => {
    expect(movingAverage('sma', [1, 2, 3, 4, 8], 3)).toBe(5);
    expect(movingAverage('ema', [1, 2, 3, 4, 8], 3)).toBe(5.5);
  });
});

describe('highest and lowest', () => {
  it('look at the last period values only', () => {
    expect(highest([9, 1, 3, 2], 3)).toBe(3);
    expect(lowest([0, 5, 3, 4], 3)).toBe(3);
    expect(highest([1], 2)).toBeNull();
    expect(lowest([1], 0)).toBeNull();
  });
});

describe('atr', () => {
  it('widens the range to a gap from the previous close', () => {
    expect(trueRange(bar(11, 10, 10.5), null)).toBe(1);
    expect(trueRange(bar(11, 10, 10.5), 8)).toBe(3);
    expect(trueRange(bar(11, 10, 10.5), 13)).toBe(3);
  });
  it("averages true ranges with Wilder's smoothing", () => {
    const bars = [bar(10, 9, 9.5), bar(11, 10, 10.5), bar(12, 10, 11), bar(15, 11, 14)];
    // TRs from the second bar: 1.5 (11 − 9.5), 2, 4. Seed of period 2: (1.5 + 2)/2 = 1.75; then (1.75 + 4)/2 = 2.875.
    expect(atr(bars.slice(0, 3), 2)).toBe(1.75);
    expect(atr(bars, 2)).toBe(2.875);
    expect(atr(bars.slice(0, 2), 2)).toBeNull();
  });
});

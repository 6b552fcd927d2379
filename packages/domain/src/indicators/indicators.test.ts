import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rsi, sma, technicalSummary, trendOf, verdictOf } from './indicators.ts';

const range = (n: number, f: (i: number) => number) => Array.from({ length: n }, (_, i) => f(i));

describe('sma', () => {
  it('averages the last `period` values', () => {
    expect(sma([1, 2, 3, 4, 5], 3)).toBe(4);
    expect(sma([2, 4], 2)).toBe(3);
  });
  it('is null with too few values or a bad period', () => {
    expect(sma([1, 2], 3)).toBeNull();
    expect(sma([1, 2], 0)).toBeNull();
    expect(sma([1, 2], 1.5)).toBeNull();
  });
});

describe("rsi (Wilder's)", () => {
  it('seeds with plain means, then smooths each change in with weight 1/period', () => {
    // Changes +1, −1 seed gain 0.5 and loss 0.5; the next +1 gives gain 0.75, loss 0.25: RS 3, RSI 75.
    expect(rsi([1, 2, 1, 2], 2)).toBe(75);
    // A further −2: gain 0.375, loss 1.125, RS 1/3, RSI 25.
    expect(rsi([1, 2, 1, 2, 0], 2)).toBeCloseTo(25, 10);
  });
  it('is 100 with only gains, 0 with only losses and 50 with no movement', () => {
    expect(rsi(range(20, (i) => 100 + i))).toBe(100);
    expect(rsi(range(20, (i) => 100 - i))).toBe(0);
    expect(rsi(range(20, () => 100))).toBe(50);
  });
  it('needs period + 1 closes', () => {
    expect(
      rsi(
        range(14, (i) => i),
        14,
      ),
    ).toBeNull();
    expect(
      rsi(
        range(15, (i) => i),
        14,
      ),
    ).not.toBeNull();
  });
  it('stays between 0 and 100 on a zigzag', () => {
    const value = rsi(range(100, (i) => 100 + Math.sin(i) * 5 + (i % 3)));
    expect(value).not.toBeNull();
    expect(value ?? -1).toBeGreaterThanOrEqual(0);
    expect(value ?? 101).toBeLessThanOrEqual(100);
  });
});

describe('trend and verdict', () => {
  it('reads the trend from the fast average against the slow one', () => {
    expect(trendOf(2, 1)).toBe('up');
    expect(trendOf(1, 2)).toBe('down');
    expect(trendOf(1, 1)).toBe('flat');
    expect(trendOf(null, 1)).toBeNull();
  });
  it.each([
    ['up', 50, 'Buy'],
    ['up', 80, 'Neutral'],
    ['up', 20, 'Buy'],
    ['down', 50, 'Sell'],
    ['down', 20, 'Neutral'],
    ['down', 80, 'Sell'],
    ['flat', 50, 'Neutral'],
    ['flat', 25, 'Buy'],
    ['flat', 75, 'Sell'],
    [null, 25, 'Buy'],
  ] as const)('trend %s with RSI %s: %s', (trend, value, verdict) => {
    expect(verdictOf(trend, value)).toBe(verdict);
  });
  it('has no verdict without any indicator', () => {
    expect(verdictOf(null, null)).toBeNull();
  });
});

describe('technicalSummary', () => {
  // 45 closes trending one way, then 30 going sideways by ±0.5: the averages keep the trend, the RSI settles mid-band.
  const sideways = (from: number) => range(30, (i) => from + (i % 2) * 0.5);

  it('calls a rise that pauses a Buy', () => {
    const s = technicalSummary([...range(45, (i) => 100 + i), ...sideways(144)]);
    expect(s.trend).toBe('up');
    expect(s.rsi).toBeGreaterThan(30);
    expect(s.rsi).toBeLessThan(70);
    expect(s.verdict).toBe('Buy');
  });

  it('calls a fall that pauses a Sell', () => {
    const s = technicalSummary([...range(45, (i) => 200 - i), ...sideways(155)]);
    expect(s.trend).toBe('down');
    expect(s.rsi).toBeGreaterThan(30);
    expect(s.rsi).toBeLessThan(70);
    expect(s.verdict).toBe('Sell');
  });

  it('calls a straight fall oversold, hence Neutral, and leaves short histories partial', () => {
    expect(technicalSummary(range(60, (i) => 200 - i)).verdict).toBe('Neutral');
    const short = technicalSummary(range(30, (i) => 100 + i));
    expect(short.smaFast).toBe(119.5);
    expect(short.smaSlow).toBeNull();
    expect(short.trend).toBeNull();
    expect(short.rsi).toBe(100);
    // Only the RSI votes: overbought.
    expect(short.verdict).toBe('Sell');
  });
});

describe('indicator bounds', () => {
  const closes = fc.array(fc.double({ min: 0.0001, max: 1e6, noNaN: true }), { minLength: 2, maxLength: 80 });
  it('keeps the RSI within 0–100 and the SMA within the values it averages', () => {
    fc.assert(
      fc.property(closes, fc.integer({ min: 1, max: 30 }), (values, period) => {
        const r = rsi(values, period);
        if (r !== null) expect(r >= 0 && r <= 100).toBe(true);
        const m = sma(values, period);
        if (m !== null) {
          const window = values.slice(-period);
          expect(m).toBeGreaterThanOrEqual(Math.min(...window) * (1 - 1e-12));
          expect(m).toBeLessThanOrEqual(Math.max(...window) * (1 + 1e-12));
        }
      }),
    );
  });
});

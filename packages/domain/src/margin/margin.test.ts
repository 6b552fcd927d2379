import { describe, expect, it } from 'vitest';
import { unitsFromLots } from '../orders/volume.ts';
import { margin } from './margin.ts';

describe('margin (SPEC §9, DESIGN §6)', () => {
  it.each([
    // lots, contract size, price, leverage, margin in quote currency
    [1, 100_000, 1.1, 100, 1100],
    [0.01, 100_000, 1.1, 100, 11],
    [0.1, 100_000, 150, 20, 75_000], // 10,000 USD of USD/JPY at 150: 1.5M JPY notional, 75,000 JPY
    [50, 100_000, 1.25, 500, 12_500],
    [2, 1, 60_000, 10, 12_000], // 2 BTC at 60,000
  ])('%s lots × %s at %s with leverage %s holds %s', (lots, size, price, leverage, expected) => {
    expect(margin(unitsFromLots(lots, size), price, leverage)).toBeCloseTo(expected, 8);
  });

  it('refuses a leverage that is not positive', () => {
    expect(() => margin(1000, 1.1, 0)).toThrow(RangeError);
    expect(() => margin(1000, 1.1, Number.NaN)).toThrow(RangeError);
  });
});

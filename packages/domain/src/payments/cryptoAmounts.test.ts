import { describe, expect, it } from 'vitest';
import { coinUnitsToCents, formatCoinUnits, parseCoinUnits } from './cryptoAmounts.ts';

describe('coin amounts in smallest units', () => {
  it('parses decimal text exactly and refuses too many places or non-numbers', () => {
    expect(parseCoinUnits('0.015', 8)).toBe(1_500_000n);
    expect(parseCoinUnits('1', 18)).toBe(10n ** 18n);
    expect(parseCoinUnits('0.000000000000000001', 18)).toBe(1n);
    expect(parseCoinUnits('12.5', 6)).toBe(12_500_000n);
    expect(parseCoinUnits('0.123456789', 8)).toBeNull();
    expect(parseCoinUnits('-1', 8)).toBeNull();
    expect(parseCoinUnits('1e-3', 8)).toBeNull();
  });

  it('formats without trailing zeros', () => {
    expect(formatCoinUnits(1_500_000n, 8)).toBe('0.015');
    expect(formatCoinUnits(10n ** 18n, 18)).toBe('1');
    expect(formatCoinUnits(0n, 6)).toBe('0');
  });

  it('values units in cents at a rate, to the nearest cent', () => {
    expect(coinUnitsToCents(1_000_000n, 8, 50_000)).toBe(50_000n);
    expect(coinUnitsToCents(12_345n, 8, 61_234.56)).toBe(756n);
    expect(coinUnitsToCents(5n * 10n ** 16n, 18, 3_100)).toBe(155_00n);
    expect(() => coinUnitsToCents(1n, 8, 0)).toThrow();
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToAmount, formatMoney, toCents } from './cents.ts';

describe('cents (DESIGN §3)', () => {
  it.each([
    [0, 0n],
    [10, 1000n],
    [10.005, 1001n],
    [-10.005, -1001n],
    [0.015, 2n],
    [-0.015, -2n],
    [1.1 * 3, 330n], // 3.3000000000000003
    [0.1 + 0.2, 30n],
    [22.004999, 2200n],
    [1234567.891, 123456789n],
  ])('toCents(%s) = %s', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it('rounds realised P/L half away from zero to the cent', () => {
    // USD/JPY P/L of 1,500.75 JPY at 149.8 is 10.018358… USD.
    expect(toCents(1500.75 / 149.8)).toBe(1002n);
    expect(toCents(-0.125)).toBe(-13n);
  });

  it('refuses NaN and infinities', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
  });

  it('converts cents back to an amount', () => {
    expect(centsToAmount(123456n)).toBe(1234.56);
    expect(centsToAmount(-1n)).toBe(-0.01);
    expect(centsToAmount(0n)).toBe(0);
  });

  it('round-trips every cent count: toCents(centsToAmount(c)) === c', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n) + 1n, max: 10n ** 15n - 1n }), (c) => {
        expect(toCents(centsToAmount(c))).toBe(c);
      }),
    );
  });

  it('formats money in a currency', () => {
    expect(formatMoney(123456n, 'USD')).toBe('$1,234.56');
    expect(formatMoney(-5n, 'USD')).toBe('-$0.05');
    expect(formatMoney(100n, 'EUR')).toBe('€1.00');
  });
});

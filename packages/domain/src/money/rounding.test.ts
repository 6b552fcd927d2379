import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatFixed, formatScaled, roundHalfAwayFromZero, scaleHalfAwayFromZero } from './rounding.ts';

describe('roundHalfAwayFromZero (DESIGN §3)', () => {
  it.each([
    [1.005, 2, 1.01],
    [-1.005, 2, -1.01],
    [2.5, 0, 3],
    [-2.5, 0, -3],
    [0.125, 2, 0.13],
    [1.0049, 2, 1],
    [10.00049999, 3, 10],
    [123.456, 1, 123.5],
    [1e-7, 2, 0],
    [0.005, 2, 0.01],
    [0.0049, 2, 0],
    [1e21, 2, 1e21],
    [1.23e-5, 5, 0.00001],
    [99.995, 2, 100],
  ])('rounds %s to %s places as %s', (x, places, expected) => {
    expect(roundHalfAwayFromZero(x, places)).toBe(expected);
  });

  it('never gives −0', () => {
    expect(Object.is(roundHalfAwayFromZero(-0.001, 2), 0)).toBe(true);
    expect(Object.is(roundHalfAwayFromZero(-0, 2), 0)).toBe(true);
  });

  it('refuses non-finite numbers and silly place counts (bugs upstream)', () => {
    expect(() => roundHalfAwayFromZero(Number.NaN, 2)).toThrow(RangeError);
    expect(() => roundHalfAwayFromZero(Number.POSITIVE_INFINITY, 2)).toThrow(RangeError);
    expect(() => roundHalfAwayFromZero(1, -1)).toThrow(RangeError);
    expect(() => roundHalfAwayFromZero(1, 1.5)).toThrow(RangeError);
  });

  it('is symmetric around zero', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.integer({ min: 0, max: 8 }), (x, d) => {
        expect(scaleHalfAwayFromZero(-x, d)).toBe(-scaleHalfAwayFromZero(x, d));
      }),
    );
  });

  it('lands within half a unit of the last place', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 0, max: 6 }), (x, d) => {
        const r = roundHalfAwayFromZero(x, d);
        expect(Math.abs(r - x)).toBeLessThanOrEqual(0.5 * 10 ** -d * (1 + 1e-9) + Math.abs(x) * 1e-15);
      }),
    );
  });
});

describe('fixed formatting', () => {
  it.each([
    [-12345n, 2, '-123.45'],
    [5n, 3, '0.005'],
    [-5n, 2, '-0.05'],
    [42n, 0, '42'],
    [0n, 2, '0.00'],
  ])('writes %s scaled by 10^%s as %s', (n, d, text) => {
    expect(formatScaled(n, d)).toBe(text);
  });

  it('rounds on the decimal form, unlike toFixed', () => {
    expect((1.005).toFixed(2)).toBe('1.00');
    expect(formatFixed(1.005, 2)).toBe('1.01');
    expect(formatFixed(-0.0001, 2)).toBe('0.00');
  });
});

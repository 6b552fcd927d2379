import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unitsFromLots } from '../orders/volume.ts';
import { pnl } from './pnl.ts';

describe('profit and loss (SPEC §9, DESIGN §6)', () => {
  it.each([
    ['buy', 1.1, 1.105, 1, 500],
    ['sell', 1.1, 1.105, 1, -500],
    ['buy', 1.1, 1.095, 0.5, -250],
    ['sell', 1.1, 1.095, 0.5, 250],
    ['buy', 150, 151.5, 0.1, 15_000], // JPY, converted later with ÷ USDJPY
    ['sell', 1.1, 1.1, 3, 0],
  ] as const)('%s from %s to %s on %s lots makes %s', (side, open, close, lots, expected) => {
    expect(pnl(side, open, close, unitsFromLots(lots))).toBeCloseTo(expected, 6);
  });

  it('gives a buy and a sell of the same size between the same prices opposite results', () => {
    const price = fc.double({ min: 1e-4, max: 1e5, noNaN: true });
    fc.assert(
      fc.property(price, price, fc.integer({ min: 1, max: 5_000_000 }), (open, close, units) => {
        const buy = pnl('buy', open, close, units);
        const sell = pnl('sell', open, close, units);
        expect(buy + sell).toBe(0);
        expect(Math.sign(buy)).toBe(Math.sign(close - open));
      }),
    );
  });
});

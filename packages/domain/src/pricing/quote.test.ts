import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SIDES } from '../orders/side.ts';
import { pnl } from '../pnl/pnl.ts';
import { closePrice, DEFAULT_SPREAD, openPrice, quote, spreadOf } from './quote.ts';

describe('quote (SPEC §9, DESIGN §6)', () => {
  it.each([
    // rate, buy_spread, sell_spread, bid, ask
    [1.1, 0.0001, 0.0001, 1.09989, 1.10011],
    [1.1, 0.0002, 0.0003, 1.09967, 1.10022],
    [150, 0.001, 0.002, 149.7, 150.15],
    [60000, 0.0005, 0.0005, 59970, 60030],
  ])('rate %s with buy spread %s and sell spread %s quotes bid %s / ask %s', (rate, buy, sell, bid, ask) => {
    const q = quote(rate, buy, sell);
    expect(q.ask).toBeCloseTo(ask, 10);
    expect(q.bid).toBeCloseTo(bid, 10);
  });

  it('uses buy price = price × (1 + buy_spread) and sell price = price × (1 − sell_spread)', () => {
    expect(quote(2, 0.25, 0.5)).toEqual({ bid: 1, ask: 2.5 });
  });

  it('defaults only missing spreads to 0.0001, honouring an explicit 0', () => {
    expect(DEFAULT_SPREAD).toBe(0.0001);
    expect(quote(1.1)).toEqual(quote(1.1, 0.0001, 0.0001));
    expect(quote(1.1, null, null)).toEqual(quote(1.1, 0.0001, 0.0001));
    expect(quote(1.1, 0, 0)).toEqual({ bid: 1.1, ask: 1.1 });
    expect(quote(1.1, undefined, 0)).toEqual({ bid: 1.1, ask: 1.1 * 1.0001 });
  });

  it('opens a buy at the ask and a sell at the bid; closes them the other way', () => {
    const q = { bid: 1.2, ask: 1.3 };
    expect(openPrice('buy', q)).toBe(1.3);
    expect(openPrice('sell', q)).toBe(1.2);
    expect(closePrice('buy', q)).toBe(1.2);
    expect(closePrice('sell', q)).toBe(1.3);
  });

  it('costs 22 USD to open and close 1 lot of EUR/USD at 1.1 on default spreads', () => {
    const q = quote(1.1);
    expect(pnl('buy', openPrice('buy', q), closePrice('buy', q), 100_000)).toBeCloseTo(-22, 8);
    expect(pnl('sell', openPrice('sell', q), closePrice('sell', q), 100_000)).toBeCloseTo(-22, 8);
  });

  const rate = fc.double({ min: 1e-6, max: 1e6, noNaN: true });
  const spread = fc.double({ min: 1e-6, max: 0.1, noNaN: true });

  it('puts the bid below the ask for positive spreads', () => {
    fc.assert(
      fc.property(rate, spread, spread, (r, b, s) => {
        const q = quote(r, b, s);
        expect(q.bid).toBeLessThan(q.ask);
        expect(q.bid).toBeLessThan(r);
        expect(q.ask).toBeGreaterThan(r);
      }),
    );
  });

  it('loses exactly the spread on an open→close round trip at one quote, either side', () => {
    fc.assert(
      fc.property(
        rate,
        spread,
        spread,
        fc.constantFrom(...SIDES),
        fc.integer({ min: 1, max: 5_000_000 }),
        (r, b, s, side, units) => {
          const q = quote(r, b, s);
          const result = pnl(side, openPrice(side, q), closePrice(side, q), units);
          expect(result).toBe(-spreadOf(q) * units);
          // …and that spread is the rate times both mark-ups.
          const expected = r * (b + s) * units;
          expect(Math.abs(-result - expected)).toBeLessThanOrEqual(expected * 1e-8);
        },
      ),
    );
  });
});

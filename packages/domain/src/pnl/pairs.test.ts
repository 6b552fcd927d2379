import { describe, expect, it } from 'vitest';
import { toAccountCurrency } from './convert.ts';
import { type PairInstrument, pairIndex, pairRateLookup } from './pairs.ts';

const instruments: PairInstrument[] = [
  { id: 1, type: 'forex', base: 'EUR', quote: 'USD' },
  { id: 2, type: 'forex', base: 'USD', quote: 'CNH' },
  { id: 3, type: 'crypto', base: 'BTC', quote: 'USD' },
  { id: 4, type: 'crypto', base: 'USDT', quote: 'USD' },
  { id: 5, type: 'stocks', base: 'AAPL', quote: 'USD' },
];
const prices = new Map([
  [1, 1.08],
  [2, 7.2],
  [3, 60_000],
  [4, 0.999],
  [5, 190],
]);
const rates = pairRateLookup(pairIndex(instruments), (id) => prices.get(id));

describe('currency pairs for conversion (DESIGN §6)', () => {
  it('indexes forex and crypto pairs only', () => {
    expect([...pairIndex(instruments).entries()]).toEqual([
      ['EUR/USD', 1],
      ['USD/CNH', 2],
      ['BTC/USD', 3],
      ['USDT/USD', 4],
    ]);
  });

  it('reads the live rate of a pair, and nothing for an unknown pair or a stock', () => {
    expect(rates('EUR', 'USD')).toBe(1.08);
    expect(rates('USD', 'EUR')).toBeUndefined();
    expect(rates('AAPL', 'USD')).toBeUndefined();
    expect(pairRateLookup(pairIndex(instruments), () => undefined)('EUR', 'USD')).toBeUndefined();
  });

  it('converts the onshore yuan through the offshore pair', () => {
    expect(rates('USD', 'CNY')).toBe(7.2);
    const r = toAccountCurrency(720, 'CNY', 'USD', rates);
    expect(r.ok && r.value).toBeCloseTo(100, 10);
  });

  it('converts USDT-quoted and BTC-quoted amounts through crypto pairs', () => {
    const usdt = toAccountCurrency(1_000, 'USDT', 'USD', rates);
    expect(usdt.ok && usdt.value).toBeCloseTo(999, 10);
    const btc = toAccountCurrency(0.5, 'BTC', 'USD', rates);
    expect(btc.ok && btc.value).toBe(30_000);
  });
});

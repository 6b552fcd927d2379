import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCents } from '../money/cents.ts';
import { unitsFromLots } from '../orders/volume.ts';
import { closePrice, openPrice, quote } from '../pricing/quote.ts';
import { rateTable, toAccountCurrency } from './convert.ts';
import { pnl } from './pnl.ts';

const rates = rateTable({ 'EUR/USD': 1.08, 'USD/JPY': 150, 'GBP/USD': 1.25, 'USD/CHF': 0.9 });

const value = (r: ReturnType<typeof toAccountCurrency>) => (r.ok ? r.value : Number.NaN);

describe('conversion to the account currency (DESIGN §6)', () => {
  it('leaves an amount already in the account currency alone', () => {
    expect(toAccountCurrency(12.34, 'USD', 'USD', rates)).toEqual({ ok: true, value: 12.34 });
    expect(toAccountCurrency(12.34, 'usd', 'USD', () => undefined)).toEqual({ ok: true, value: 12.34 });
  });

  it('converts 0.10 lot USD/JPY P/L from JPY by ÷ USDJPY', () => {
    // Bought 0.10 lot at 150.00, now 151.50: 10,000 × 1.50 = 15,000 JPY = 100 USD at 150.
    const jpy = pnl('buy', 150, 151.5, unitsFromLots(0.1));
    const usd = toAccountCurrency(jpy, 'JPY', 'USD', rates);
    expect(value(usd)).toBeCloseTo(100, 10);
    expect(value(usd)).toBe(jpy / 150);
  });

  it('converts EUR to USD by × EURUSD', () => {
    expect(value(toAccountCurrency(100, 'EUR', 'USD', rates))).toBeCloseTo(108, 10);
  });

  it('converts USD to a quoted or inverse currency', () => {
    expect(value(toAccountCurrency(108, 'USD', 'EUR', rates))).toBeCloseTo(100, 10);
    expect(value(toAccountCurrency(100, 'USD', 'JPY', rates))).toBeCloseTo(15_000, 8);
  });

  it('routes crosses through USD', () => {
    // 900 CHF = 1,000 USD = 800 GBP.
    expect(value(toAccountCurrency(900, 'CHF', 'GBP', rates))).toBeCloseTo(800, 8);
    // 15,000 JPY = 100 USD = 92.59… EUR.
    expect(value(toAccountCurrency(15_000, 'JPY', 'EUR', rates))).toBeCloseTo(100 / 1.08, 10);
  });

  it('prefers a direct cross over the USD route', () => {
    const withCross = rateTable({ 'EUR/JPY': 160, 'EUR/USD': 1.08, 'USD/JPY': 150 });
    expect(value(toAccountCurrency(160, 'JPY', 'EUR', withCross))).toBeCloseTo(1, 12);
  });

  it('fails clearly when no path exists, and ignores unusable rates', () => {
    expect(toAccountCurrency(5, 'XAU', 'USD', rates)).toEqual({
      ok: false,
      error: { code: 'INTERNAL', message: 'No exchange rate from XAU to USD' },
    });
    const broken = rateTable({ 'USD/JPY': 0, 'EUR/USD': Number.NaN });
    expect(toAccountCurrency(5, 'JPY', 'USD', broken).ok).toBe(false);
    expect(toAccountCurrency(5, 'EUR', 'USD', broken).ok).toBe(false);
  });

  it('books a USD/JPY round trip to the cent in USD', () => {
    const q = quote(150);
    const jpy = pnl('buy', openPrice('buy', q), closePrice('buy', q), unitsFromLots(0.1));
    // 0.0002 × 150 × 10,000 = 300 JPY of spread = 2 USD.
    expect(toCents(value(toAccountCurrency(jpy, 'JPY', 'USD', rates)))).toBe(-200n);
  });

  it('converts there and back to the same amount', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e7, max: 1e7, noNaN: true }),
        fc.constantFrom('EUR', 'JPY', 'GBP', 'CHF', 'USD'),
        fc.constantFrom('EUR', 'JPY', 'GBP', 'CHF', 'USD'),
        (amount, a, b) => {
          const back = value(toAccountCurrency(value(toAccountCurrency(amount, a, b, rates)), b, a, rates));
          expect(Math.abs(back - amount)).toBeLessThanOrEqual(Math.abs(amount) * 1e-12 + 1e-300);
        },
      ),
    );
  });
});

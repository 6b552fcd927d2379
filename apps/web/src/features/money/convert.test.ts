import { describe, expect, it } from 'vitest';
import { convertAmount, formatAmount, rateTable, toDisplay } from './convert';

const rates = rateTable([
  { code: 'USD', symbol: '$', rate: 1 },
  { code: 'EUR', symbol: '€', rate: 0.8 },
  { code: 'GBP', symbol: '£', rate: 0.75 },
  { code: 'JPY', symbol: '¥', rate: 150 },
]);

describe('display currency conversion (SPEC §1, §3 Currency: rate = units per USD)', () => {
  it('converts through the dollar', () => {
    expect(convertAmount(100, 'USD', 'EUR', rates)).toBe(80);
    expect(convertAmount(80, 'EUR', 'USD', rates)).toBe(100);
    // 100 EUR = 125 USD = 93.75 GBP.
    expect(convertAmount(100, 'EUR', 'GBP', rates)).toBeCloseTo(93.75, 10);
    expect(convertAmount(1, 'USD', 'JPY', rates)).toBe(150);
    expect(convertAmount(42, 'CHF', 'CHF', rates)).toBe(42);
  });

  it('keeps the original currency when a rate is unknown', () => {
    expect(convertAmount(10, 'CHF', 'EUR', rates)).toBeNull();
    expect(toDisplay(10, 'CHF', 'EUR', rates)).toEqual({ value: 10, currency: 'CHF', converted: false });
    expect(toDisplay(10, 'USD', 'EUR', rates)).toEqual({ value: 8, currency: 'EUR', converted: true });
  });

  it('keeps each amount in its own currency when no display currency is chosen', () => {
    expect(toDisplay(1_000, 'EUR', null, rates)).toEqual({ value: 1_000, currency: 'EUR', converted: false });
    expect(toDisplay(5, 'CHF', null, rates)).toEqual({ value: 5, currency: 'CHF', converted: false });
  });

  it('always knows USD, and ignores unusable rates', () => {
    const table = rateTable([{ code: 'EUR', symbol: '€', rate: 0 }]);
    expect(table.get('USD')).toBe(1);
    expect(table.has('EUR')).toBe(false);
  });

  it('formats to the cent, half away from zero, with a sign for gains when asked', () => {
    expect(formatAmount(1234.565, 'USD')).toBe('$1,234.57');
    expect(formatAmount(-0.005, 'USD')).toBe('-$0.01');
    expect(formatAmount(12.5, 'EUR', { signed: true })).toBe('+€12.50');
    expect(formatAmount(-12.5, 'EUR', { signed: true })).toBe('-€12.50');
    expect(formatAmount(0, 'USD', { signed: true })).toBe('$0.00');
    expect(formatAmount(Number.NaN, 'USD')).toBe('—');
  });
});

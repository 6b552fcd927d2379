import { describe, expect, it } from 'vitest';
import { formatPrice, PRICE_DECIMALS } from './format.ts';

describe('price display (SPEC §9)', () => {
  it('uses 5 decimals in the order form, 4 on chart buttons, 3 in the watch list', () => {
    expect(PRICE_DECIMALS).toEqual({ orderForm: 5, chartButtons: 4, watchList: 3 });
  });

  it.each([
    [1.10011, PRICE_DECIMALS.orderForm, '1.10011'],
    [1.1, PRICE_DECIMALS.orderForm, '1.10000'],
    [1.100115, PRICE_DECIMALS.orderForm, '1.10012'],
    [1.10005, PRICE_DECIMALS.chartButtons, '1.1001'],
    [149.8765, PRICE_DECIMALS.watchList, '149.877'],
    [60030, PRICE_DECIMALS.watchList, '60030.000'],
    [0.0000123, PRICE_DECIMALS.orderForm, '0.00001'],
  ])('shows %s with %s places as %s', (value, places, text) => {
    expect(formatPrice(value, places)).toBe(text);
  });

  it('shows a dash for a missing price instead of NaN', () => {
    expect(formatPrice(Number.NaN, 5)).toBe('—');
    expect(formatPrice(undefined, 5)).toBe('—');
    expect(formatPrice(null, 3)).toBe('—');
  });
});

import { describe, expect, it } from 'vitest';
import { QuoteBook } from './QuoteBook.ts';

const H = 3_600_000;
const t0 = Date.UTC(2026, 10, 18, 10, 0, 0);

describe('QuoteBook', () => {
  it('keeps the latest price with 24 h high, low, change and volume', () => {
    const book = new QuoteBook();
    book.seed(1, 100, t0);
    book.apply({ assetId: 1, price: 110, at: t0 + 10_000, volume: 5 });
    book.apply({ assetId: 1, price: 95, at: t0 + H + 1, volume: 3 });
    const q = book.apply({ assetId: 1, price: 105, at: t0 + 2 * H, volume: 2 });
    expect(q).toMatchObject({
      id: 1,
      price: 105,
      priceHigh24h: 110,
      priceLow24h: 95,
      change24h: 5,
      volume24h: 10,
    });
    expect(q?.changePercent24h).toBeCloseTo(5);
    expect(q?.lastUpdated).toBe(t0 + 2 * H);
  });

  it('forgets what is older than 24 hours', () => {
    const book = new QuoteBook();
    book.seed(1, 100, t0);
    book.apply({ assetId: 1, price: 150, at: t0 + 60_000, volume: 1 });
    book.apply({ assetId: 1, price: 120, at: t0 + 2 * H, volume: 1 });
    const q = book.apply({ assetId: 1, price: 121, at: t0 + 25 * H, volume: 1 });
    expect(q?.priceHigh24h).toBe(121);
    expect(q?.change24h).toBe(1);
  });

  it('starts from stored hourly history when there is some', () => {
    const book = new QuoteBook();
    book.seed(2, 50, t0, [{ start: t0 - 5 * H, open: 40, high: 60, low: 39, volume: 7 }]);
    expect(book.get(2)).toMatchObject({ priceHigh24h: 60, priceLow24h: 39, change24h: 10, volume24h: 7 });
  });

  it('ignores ticks of unknown instruments', () => {
    expect(new QuoteBook().apply({ assetId: 9, price: 1, at: t0, volume: 0 })).toBeUndefined();
  });
});

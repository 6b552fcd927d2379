import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  filterMarketplace,
  MARKETPLACE_DEFAULTS,
  MARKETPLACE_FILTERS,
  type MarketplaceItem,
  type MarketplaceQuery,
  marketplaceCategories,
  marketplaceQueryString,
  parseMarketplaceQuery,
} from './marketplace.ts';

// The domain is typed without DOM or Node libraries; the runtime has URLSearchParams all the same.
interface Params {
  get(name: string): string | null;
  set(name: string, value: string): void;
  delete(name: string): void;
  toString(): string;
}
const { URLSearchParams } = globalThis as unknown as { URLSearchParams: new (init?: string) => Params };

const item = (id: number, over: Partial<MarketplaceItem> = {}): MarketplaceItem => ({
  id,
  title: `Advisor ${id}`,
  description: 'Trades things',
  author: 'OpenBroker Labs',
  features: [],
  category: 'Trend',
  price: 49,
  downloads: 10,
  rating: 4,
  ...over,
});
const ITEMS = [
  item(1, { title: 'Golden Cross Pro', downloads: 300, rating: 4.2, category: 'Trend' }),
  item(2, {
    title: 'RSI Bounce',
    price: 0,
    downloads: 500,
    rating: 3.9,
    category: 'Reversal',
    author: 'Quant Jane',
  }),
  item(3, {
    title: 'Breakout Hunter',
    downloads: 300,
    rating: 4.8,
    category: 'Breakout',
    features: ['Donchian channels'],
  }),
  item(4, {
    title: 'Grid Master',
    price: 0,
    downloads: 50,
    rating: 4.8,
    category: 'grid',
    description: 'A GRID with hard limits',
  }),
];
const q = (over: Partial<MarketplaceQuery> = {}): MarketplaceQuery => ({ ...MARKETPLACE_DEFAULTS, ...over });
const ids = (items: MarketplaceItem[]) => items.map((i) => i.id);

describe('the address', () => {
  it('reads defaults for missing and unknown values', () => {
    expect(parseMarketplaceQuery(new URLSearchParams(''))).toEqual(MARKETPLACE_DEFAULTS);
    expect(parseMarketplaceQuery(new URLSearchParams('filter=cheapest&category=&search=grid'))).toEqual({
      search: 'grid',
      category: 'all',
      filter: 'popular',
    });
    expect(parseMarketplaceQuery({ filter: 'FREE', category: 'ALL' })).toEqual({
      search: '',
      category: 'all',
      filter: 'free',
    });
    expect(parseMarketplaceQuery({ category: 'Trend' }).category).toBe('Trend');
  });
  it('leaves out every parameter equal to its default', () => {
    expect(marketplaceQueryString(MARKETPLACE_DEFAULTS)).toBe('');
    expect(marketplaceQueryString(q({ search: '   ' }))).toBe('');
    expect(marketplaceQueryString(q({ filter: 'free' }))).toBe('filter=free');
    expect(marketplaceQueryString(q({ search: 'rsi bot', category: 'Trend', filter: 'newest' }))).toBe(
      'search=rsi+bot&category=Trend&filter=newest',
    );
    expect(marketplaceQueryString({ category: 'all', filter: 'popular' })).toBe('');
  });
  it('round-trips any query', () => {
    const query = fc.record({
      search: fc.string(),
      category: fc.oneof(
        fc.constant('all'),
        fc
          .string({ minLength: 1 })
          .filter((s) => s.trim() !== '' && s.trim().toLowerCase() !== 'all' && s === s.trim()),
      ),
      filter: fc.constantFrom(...MARKETPLACE_FILTERS),
    });
    fc.assert(
      fc.property(query, (value) => {
        const text = marketplaceQueryString(value);
        const back = parseMarketplaceQuery(new URLSearchParams(text));
        expect(back).toEqual({ ...value, search: value.search.trim() === '' ? '' : value.search });
        // Written exactly as the browser's URLSearchParams would write it.
        const browser = new URLSearchParams();
        for (const [k, v] of Object.entries(back))
          if (v !== MARKETPLACE_DEFAULTS[k as keyof MarketplaceQuery]) browser.set(k, v);
        if (back.search === '') browser.delete('search');
        expect(text).toBe(browser.toString());
      }),
    );
  });
});

describe('filterMarketplace', () => {
  it('orders popular by downloads descending, ties by id', () => {
    expect(ids(filterMarketplace(ITEMS, q()))).toEqual([2, 1, 3, 4]);
  });
  it('keeps only free items for free, by downloads', () => {
    expect(ids(filterMarketplace(ITEMS, q({ filter: 'free' })))).toEqual([2, 4]);
  });
  it('orders top_rated by rating and newest by id descending', () => {
    expect(ids(filterMarketplace(ITEMS, q({ filter: 'top_rated' })))).toEqual([3, 4, 1, 2]);
    expect(ids(filterMarketplace(ITEMS, q({ filter: 'newest' })))).toEqual([4, 3, 2, 1]);
  });
  it('searches title, description, author and features, trimmed and case-insensitive', () => {
    expect(ids(filterMarketplace(ITEMS, q({ search: '  golden ' })))).toEqual([1]);
    expect(ids(filterMarketplace(ITEMS, q({ search: 'grid with' })))).toEqual([4]);
    expect(ids(filterMarketplace(ITEMS, q({ search: 'JANE' })))).toEqual([2]);
    expect(ids(filterMarketplace(ITEMS, q({ search: 'donchian' })))).toEqual([3]);
    expect(ids(filterMarketplace(ITEMS, q({ search: 'nothing like it' })))).toEqual([]);
  });
  it('matches a category exactly, case-insensitively', () => {
    expect(ids(filterMarketplace(ITEMS, q({ category: 'GRID' })))).toEqual([4]);
    expect(ids(filterMarketplace(ITEMS, q({ category: 'Tren' })))).toEqual([]);
    expect(ids(filterMarketplace(ITEMS, q({ category: 'Reversal', filter: 'free', search: 'rsi' })))).toEqual(
      [2],
    );
  });
  it('does not reorder its input and lists categories once each', () => {
    const copy = [...ITEMS];
    filterMarketplace(ITEMS, q({ filter: 'newest' }));
    expect(ITEMS).toEqual(copy);
    expect(marketplaceCategories([...ITEMS, item(9, { category: 'trend' })])).toEqual([
      'Breakout',
      'grid',
      'Reversal',
      'Trend',
    ]);
  });
});

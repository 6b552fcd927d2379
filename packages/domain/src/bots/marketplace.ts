/**
 * Marketplace rules shared by the web page and the server (SPEC §2 query parameters, SPEC §9
 * sorting, SPEC "search matches title, description, author or features, case-insensitively").
 */

export const MARKETPLACE_FILTERS = ['popular', 'free', 'top_rated', 'newest'] as const;
export type MarketplaceFilter = (typeof MARKETPLACE_FILTERS)[number];

export interface MarketplaceQuery {
  search: string;
  category: string;
  filter: MarketplaceFilter;
}

export const MARKETPLACE_DEFAULTS: Readonly<MarketplaceQuery> = Object.freeze({
  search: '',
  category: 'all',
  filter: 'popular',
});

/** What the rules read from a catalogue item (the marketplace's derived item or the server's row). */
export interface MarketplaceItem {
  id: number;
  title: string;
  description: string;
  author: string;
  features: readonly string[];
  category: string;
  /** USD; 0 is free. */
  price: number;
  downloads: number;
  rating: number;
}

/** What `URLSearchParams` offers (the domain has no DOM or Node types, so it is described, not named). */
export interface SearchParamsLike {
  get(name: string): string | null;
}
type QuerySource = SearchParamsLike | Readonly<Record<string, string | undefined>>;

const isSearchParams = (source: QuerySource): source is SearchParamsLike =>
  typeof (source as { get?: unknown }).get === 'function';

const read = (source: QuerySource, key: keyof MarketplaceQuery): string | undefined => {
  if (isSearchParams(source)) return source.get(key) ?? undefined;
  const value = source[key];
  return typeof value === 'string' ? value : undefined;
};

/** application/x-www-form-urlencoded, byte for byte what `URLSearchParams.toString()` writes. */
function formEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

const isFilter = (value: string): value is MarketplaceFilter =>
  (MARKETPLACE_FILTERS as readonly string[]).includes(value);

/**
 * The query from the address: a missing or unknown value takes its default. The search text is
 * kept as typed (a trailing space while typing must survive the round trip through the address);
 * the filtering trims it. A blank category, or any spelling of "all", is all.
 */
export function parseMarketplaceQuery(source: QuerySource): MarketplaceQuery {
  const search = read(source, 'search') ?? MARKETPLACE_DEFAULTS.search;
  const rawCategory = (read(source, 'category') ?? '').trim();
  const category =
    rawCategory === '' || rawCategory.toLowerCase() === MARKETPLACE_DEFAULTS.category
      ? MARKETPLACE_DEFAULTS.category
      : rawCategory;
  const rawFilter = (read(source, 'filter') ?? '').trim().toLowerCase();
  return { search, category, filter: isFilter(rawFilter) ? rawFilter : MARKETPLACE_DEFAULTS.filter };
}

/**
 * The query as an address query string without "?" ("" when everything is default): a parameter
 * equal to its default is left out (SPEC §2), and a blank search counts as the default.
 */
export function marketplaceQueryString(query: Partial<MarketplaceQuery>): string {
  const q = parseMarketplaceQuery({ search: query.search, category: query.category, filter: query.filter });
  const parts: string[] = [];
  if (q.search.trim() !== '') parts.push(`search=${formEncode(q.search)}`);
  if (q.category !== MARKETPLACE_DEFAULTS.category) parts.push(`category=${formEncode(q.category)}`);
  if (q.filter !== MARKETPLACE_DEFAULTS.filter) parts.push(`filter=${q.filter}`);
  return parts.join('&');
}

/** Whether an item matches the search text (trimmed, case-insensitive; blank matches all). */
export function matchesSearch(item: MarketplaceItem, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  const has = (text: string) => text.toLowerCase().includes(needle);
  return has(item.title) || has(item.description) || has(item.author) || item.features.some(has);
}

const byId = (a: MarketplaceItem, b: MarketplaceItem) => a.id - b.id;
const byDownloads = (a: MarketplaceItem, b: MarketplaceItem) => b.downloads - a.downloads || byId(a, b);

const ORDER: Record<MarketplaceFilter, (a: MarketplaceItem, b: MarketplaceItem) => number> = {
  popular: byDownloads,
  free: byDownloads,
  top_rated: (a, b) => b.rating - a.rating || byDownloads(a, b),
  newest: (a, b) => b.id - a.id,
};

/**
 * The items the page shows: matching the search and the category (exact, case-insensitive; "all"
 * for every one), filtered and ordered by the filter: popular = downloads descending; free = price
 * 0, then by downloads; top_rated = rating descending; newest = id descending. Ties by id.
 */
export function filterMarketplace<T extends MarketplaceItem>(
  items: readonly T[],
  query: MarketplaceQuery,
): T[] {
  const category = query.category.trim().toLowerCase();
  const anyCategory = category === '' || category === MARKETPLACE_DEFAULTS.category;
  return items
    .filter((item) => anyCategory || item.category.trim().toLowerCase() === category)
    .filter((item) => query.filter !== 'free' || item.price === 0)
    .filter((item) => matchesSearch(item, query.search))
    .sort(ORDER[query.filter]);
}

/** The categories present, for the category picker, in alphabetical order, each once. */
export function marketplaceCategories(items: readonly MarketplaceItem[]): string[] {
  const seen = new Map<string, string>();
  for (const item of items) {
    const key = item.category.trim().toLowerCase();
    if (key !== '' && !seen.has(key)) seen.set(key, item.category.trim());
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b, 'en'));
}

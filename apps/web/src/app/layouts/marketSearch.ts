import type { Asset } from '@/api/assets';

/** The market-watch drawer's filter chips: SPEC §1 market categories plus everything. */
export const SEARCH_TYPES = ['all', 'forex', 'stocks', 'crypto', 'commodities', 'indices', 'metals'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** The `common` catalogue key of each market filter's label (translated where it is shown). */
export const SEARCH_TYPE_LABEL_KEYS = {
  all: 'marketSearch.types.all',
  forex: 'marketSearch.types.forex',
  stocks: 'marketSearch.types.stocks',
  crypto: 'marketSearch.types.crypto',
  commodities: 'marketSearch.types.commodities',
  indices: 'marketSearch.types.indices',
  metals: 'marketSearch.types.metals',
} as const satisfies Record<SearchType, string>;

/** Lower-cased without separators, so 'eurusd', 'EUR/USD' and 'eur usd' find EUR/USD. */
function normalise(text: string): string {
  return text.toLowerCase().replace(/[\s/._-]+/g, '');
}

/**
 * The instruments matching a search and a type. Symbol matches come first (exact, then prefix),
 * then the rest in catalogue order, so typing 'eur' puts EUR/USD above a stock named "Euronext".
 */
export function searchAssets(assets: readonly Asset[], query: string, type: SearchType): Asset[] {
  const q = normalise(query.trim());
  const ofType = type === 'all' ? assets : assets.filter((a) => a.type === type);
  if (!q) return [...ofType];
  const ranked: { asset: Asset; rank: number; index: number }[] = [];
  ofType.forEach((asset, index) => {
    const symbols = [asset.symbol, asset.sy, asset.symbol_display].map(normalise);
    let rank = -1;
    if (symbols.includes(q)) rank = 0;
    else if (symbols.some((s) => s.startsWith(q))) rank = 1;
    else if (symbols.some((s) => s.includes(q))) rank = 2;
    else if (normalise(asset.name).includes(q)) rank = 3;
    if (rank >= 0) ranked.push({ asset, rank, index });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return ranked.map((r) => r.asset);
}

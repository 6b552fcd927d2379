import type { Asset } from '@/api/assets';
import { i18n } from '@/i18n/i18n';

/** The add-asset dialog's category tabs (SPEC §2 "Trading terminal"), in SPEC's order. */
export const ASSET_CATEGORIES = ['forex', 'stock', 'crypto', 'commodities', 'etfs'] as const;
export type AssetCategory = (typeof ASSET_CATEGORIES)[number];

/** A tab's label in the reader's language ('Forex', 'Stock', 'Crypto', 'Commodities', 'ETFs'). */
export function assetCategoryLabel(category: AssetCategory): string {
  return i18n.t(`terminal:categories.${category}`);
}

/** The seed files ETFs as `type: 'stocks'` with this category (apps/server/src/db/seed/instruments/etfs.ts). */
const ETF_CATEGORY = 'etf';

function isEtf(asset: Pick<Asset, 'type' | 'category'>): boolean {
  return asset.type === 'stocks' && asset.category.trim().toLowerCase() === ETF_CATEGORY;
}

/**
 * Which tab an instrument is listed under. SPEC's six asset types meet five tabs: metals trade as
 * commodities, and cash indices sit with ETFs (SPEC §1 groups them as "indices/ETFs"), so every
 * instrument is reachable from the dialog.
 */
export function categoryOf(asset: Pick<Asset, 'type' | 'category'>): AssetCategory {
  switch (asset.type) {
    case 'forex':
      return 'forex';
    case 'crypto':
      return 'crypto';
    case 'commodities':
    case 'metals':
      return 'commodities';
    case 'indices':
      return 'etfs';
    case 'stocks':
      return isEtf(asset) ? 'etfs' : 'stock';
  }
}

/** Lower-cased, without separators, so 'eurusd', 'EUR/USD' and 'eur usd' all match EUR/USD. */
function normalise(text: string): string {
  return text.toLowerCase().replace(/[\s/._-]+/g, '');
}

/**
 * Whether an asset matches a search box: its symbol, display symbol or name, case-insensitively
 * and ignoring separators. An empty query matches everything.
 */
export function matchesSearch(
  asset: Pick<Asset, 'symbol' | 'sy' | 'symbol_display' | 'name'>,
  query: string,
): boolean {
  const q = normalise(query);
  if (q === '') return true;
  return (
    normalise(asset.sy).includes(q) ||
    normalise(asset.symbol).includes(q) ||
    normalise(asset.symbol_display).includes(q) ||
    asset.name.toLowerCase().includes(query.trim().toLowerCase())
  );
}

/**
 * A search's results, best first: exact symbol matches, then symbols starting with the query,
 * then the rest in catalogue order. Stable, so equal matches keep the server's order.
 */
export function searchAssets<T extends Pick<Asset, 'symbol' | 'sy' | 'symbol_display' | 'name'>>(
  assets: readonly T[],
  query: string,
): T[] {
  const q = normalise(query);
  if (q === '') return [...assets];
  const rank = (a: T): number => {
    const sy = normalise(a.sy);
    const symbol = normalise(a.symbol);
    if (sy === q || symbol === q) return 0;
    if (sy.startsWith(q) || symbol.startsWith(q)) return 1;
    return 2;
  };
  return assets
    .filter((a) => matchesSearch(a, query))
    .map((asset, index) => ({ asset, index, rank: rank(asset) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((r) => r.asset);
}

/** The instruments of one tab that match a search. */
export function filterAssets(assets: readonly Asset[], category: AssetCategory, query: string): Asset[] {
  return searchAssets(
    assets.filter((a) => categoryOf(a) === category),
    query,
  );
}

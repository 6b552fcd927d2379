import { type LivePriceUpdate, POSITION_DEFAULT, quote } from '@openbroker/domain';
import type { AssetRow } from './repo.ts';

/**
 * Derived figures rounded for the wire: a price times a spread or a difference of two prices carries
 * float noise in its last digits (0.049999999999954525), which nobody reads and which brotli cannot
 * compress; the catalogue of 2,232 instruments went from 140 KB to 170 KB compressed after a day
 * of the feed (issue 17: ≤ 150 KB). `toFixed` is enough here: these figures are shown, never booked.
 */
const fixed = (x: number, places: number) => Number(x.toFixed(places));

/** SPEC §3 Asset: catalogue fields plus the live rate, its 24 h figures and the side prices. */
export function presentAsset(row: AssetRow, live: LivePriceUpdate | undefined) {
  const rate = live?.price ?? row.referencePrice;
  const { bid, ask } = quote(rate, row.buySpread, row.sellSpread);
  // Three places beyond the instrument's quote: finer than any screen shows it (DESIGN §6).
  const dealing = row.decimals + 3;
  return {
    id: row.id,
    asset_id: row.symbol,
    name: row.name,
    symbol: row.symbol,
    symbol_display: row.symbolDisplay,
    sy: row.sy,
    type: row.type,
    category: row.category,
    image: row.image,
    tv_symbol: row.tvSymbol,
    rate,
    price_low: live?.priceLow24h ?? rate,
    price_high: live?.priceHigh24h ?? rate,
    change: fixed(live?.change24h ?? 0, row.decimals + 2),
    change_percent: fixed(live?.changePercent24h ?? 0, 4),
    volume: fixed(live?.volume24h ?? 0, 2),
    updated_at: new Date(live?.lastUpdated ?? row.updatedAt.getTime()).toISOString(),
    buy_spread: row.buySpread,
    sell_spread: row.sellSpread,
    buy_price: fixed(ask, dealing),
    sell_price: fixed(bid, dealing),
    contract_size: row.contractSize,
    position: POSITION_DEFAULT,
    leverage: row.leverage,
    // Staff may set the digits shown; by default those the price was seeded with.
    decimals: row.displayDigits ?? row.decimals,
    base_currency: row.baseCurrency,
    quote_currency: row.quoteCurrency,
  };
}
export type PresentedAsset = ReturnType<typeof presentAsset>;

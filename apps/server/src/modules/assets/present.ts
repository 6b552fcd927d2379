import { type LivePriceUpdate, POSITION_DEFAULT, quote } from '@openbroker/domain';
import type { AssetRow } from './repo.ts';

/** SPEC §3 Asset: catalogue fields plus the live rate, its 24 h figures and the side prices. */
export function presentAsset(row: AssetRow, live: LivePriceUpdate | undefined) {
  const rate = live?.price ?? row.referencePrice;
  const { bid, ask } = quote(rate, row.buySpread, row.sellSpread);
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
    change: live?.change24h ?? 0,
    change_percent: live?.changePercent24h ?? 0,
    volume: live?.volume24h ?? 0,
    updated_at: new Date(live?.lastUpdated ?? row.updatedAt.getTime()).toISOString(),
    buy_spread: row.buySpread,
    sell_spread: row.sellSpread,
    buy_price: ask,
    sell_price: bid,
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

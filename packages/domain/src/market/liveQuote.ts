/**
 * SPEC §3 "Live price update" as the /prices socket sends it: the mid rate and its 24 h figures.
 * `lastUpdated` is ms since the epoch.
 */
export interface LivePriceUpdate {
  id: number;
  price: number;
  priceLow24h: number;
  priceHigh24h: number;
  change24h: number;
  changePercent24h: number;
  volume24h: number;
  lastUpdated: number;
}

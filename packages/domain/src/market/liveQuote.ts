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
  /**
   * The dealing prices with the instrument's current spreads (ask, bid). The socket adds them to
   * every `data:update`, so a spread staff change reaches screens with the next frame.
   */
  buyPrice?: number;
  sellPrice?: number;
}

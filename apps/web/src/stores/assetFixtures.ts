import { quote } from '@openbroker/domain';
import type { Asset } from '@/api/assets';

/** A valid SPEC §3 Asset (it passes `assetSchema`) for tests, with any field overridable. */
export function testAsset(overrides: Partial<Asset> & Pick<Asset, 'id'>): Asset {
  const rate = overrides.rate ?? 1.2345;
  const buySpread = overrides.buy_spread ?? 0.0001;
  const sellSpread = overrides.sell_spread ?? 0.0002;
  const { bid, ask } = quote(rate, buySpread, sellSpread);
  const symbol = overrides.symbol ?? `SYM${overrides.id}`;
  return {
    asset_id: symbol,
    name: `Instrument ${overrides.id}`,
    symbol,
    symbol_display: symbol,
    sy: `SY${overrides.id}/USD`,
    type: 'forex',
    category: 'Forex',
    image: null,
    tv_symbol: `FX:${symbol}`,
    rate,
    price_low: rate,
    price_high: rate,
    change: 0,
    change_percent: 0,
    volume: 0,
    updated_at: '2025-01-01T00:00:00.000Z',
    buy_spread: buySpread,
    sell_spread: sellSpread,
    buy_price: ask,
    sell_price: bid,
    contract_size: 100_000,
    position: 1_000,
    leverage: null,
    decimals: 5,
    base_currency: 'EUR',
    quote_currency: 'USD',
    ...overrides,
  };
}

export const BTC = testAsset({
  id: 11,
  symbol: 'BTCUSD',
  sy: 'BTC/USD',
  tv_symbol: 'BITSTAMP:BTCUSD',
  type: 'crypto',
  rate: 65_000,
  decimals: 2,
});
export const AUDJPY = testAsset({
  id: 12,
  symbol: 'AUDJPY',
  sy: 'AUD/JPY',
  tv_symbol: 'FX:AUDJPY',
  rate: 98.5,
  decimals: 3,
});
export const EURUSD = testAsset({
  id: 13,
  symbol: 'EURUSD',
  sy: 'EUR/USD',
  tv_symbol: 'FX:EURUSD',
  rate: 1.08,
});
export const GBPUSD = testAsset({
  id: 14,
  symbol: 'GBPUSD',
  sy: 'GBP/USD',
  tv_symbol: 'FX:GBPUSD',
  rate: 1.27,
});

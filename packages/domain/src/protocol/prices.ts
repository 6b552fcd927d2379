import { z } from 'zod';
import type { AssetType } from '../hours/tradingHours.ts';
import { CANDLE_INTERVALS, type Candle, type CandleInterval } from '../market/candles.ts';

/** The live price socket (SPEC §7, DESIGN §5): namespace, events and their payloads. */
export const PRICES_NAMESPACE = '/prices';
export const PRICE_EVENTS = {
  subscribeAll: 'subscribe:all',
  subscribe: 'subscribe',
  unsubscribe: 'unsubscribe',
  subscribeCandles: 'subscribe:candles',
  unsubscribeCandles: 'unsubscribe:candles',
  all: 'data:all',
  update: 'data:update',
  /** `data:update` as a flat number array, for sockets that asked for it (protocol/packedPrices.ts). */
  packed: 'data:packed',
  candle: 'candle:update',
  error: 'data:error',
} as const;

/** `subscribe` / `unsubscribe`: a list of instrument symbols ('EURUSD') or ids. */
export const priceSubscriptionSchema = z.object({
  symbols: z
    .array(z.union([z.string().min(1).max(40), z.number().int().positive()]))
    .min(1)
    .max(5000),
});
export type PriceSubscription = z.infer<typeof priceSubscriptionSchema>;

/** `subscribe:candles`: the open chart's instrument and interval. */
export const candleSubscriptionSchema = z.object({
  id: z.number().int().positive(),
  interval: z.enum(CANDLE_INTERVALS),
});
export type CandleSubscription = z.infer<typeof candleSubscriptionSchema>;

/** `candle:update`: the open chart's current candle, once per batch window it changed in. */
export interface CandleUpdate {
  id: number;
  interval: CandleInterval;
  candle: Candle;
}

/** SPEC §3 Asset as `GET /assets` and `data:all` send it: the catalogue row with its live figures. */
export interface PricesAsset {
  id: number;
  asset_id: string;
  name: string;
  symbol: string;
  symbol_display: string;
  sy: string;
  type: AssetType;
  category: string;
  image: string | null;
  tv_symbol: string;
  rate: number;
  price_low: number;
  price_high: number;
  change: number;
  change_percent: number;
  volume: number;
  /** ISO 8601. */
  updated_at: string;
  buy_spread: number;
  sell_spread: number;
  buy_price: number;
  sell_price: number;
  contract_size: number;
  position: number;
  leverage: number | null;
  decimals: number;
  base_currency: string;
  quote_currency: string;
}

/** `data:all` (SPEC §7): every instrument once, after `subscribe:all`. */
export interface PricesCatalogue {
  success: boolean;
  data: PricesAsset[];
  message?: string;
}

export interface PriceSocketError {
  code: 'INVALID_API_KEY' | 'BAD_PAYLOAD' | 'UNKNOWN_SYMBOL';
  message: string;
}

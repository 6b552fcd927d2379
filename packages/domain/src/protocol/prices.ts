import { z } from 'zod';
import { CANDLE_INTERVALS } from '../market/candles.ts';

export const PROTOCOL_VERSION = 1;

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

/** `subscribe:candles`: the open chart's instrument and interval. */
export const candleSubscriptionSchema = z.object({
  id: z.number().int().positive(),
  interval: z.enum(CANDLE_INTERVALS),
});

export interface PriceSocketError {
  code: 'INVALID_API_KEY' | 'BAD_PAYLOAD' | 'UNKNOWN_SYMBOL';
  message: string;
}

import { z } from 'zod';
import { ASSET_TYPES } from '../hours/tradingHours.ts';
import type { LeverageCategory } from '../leverage/leverage.ts';
import { CANDLE_INTERVALS, type Candle } from '../market/candles.ts';

/**
 * Market contracts (SPEC §3, §7): what `GET /assets`, `/assets/{id}/candles`, `/assets/{id}/info`
 * and `GET /data` answer. The server declares them as response schemas (and so in its OpenAPI
 * document); the web client parses the answers with them. Field names are SPEC's, in snake_case.
 */

const finite = z.number().finite();

/** SPEC §3 Asset as `GET /assets` and the `/prices` socket's `data:all` send it. */
export const assetSchema = z.object({
  id: z.number().int(),
  asset_id: z.string(),
  name: z.string(),
  symbol: z.string().min(1),
  symbol_display: z.string(),
  sy: z.string(),
  type: z.enum(ASSET_TYPES),
  category: z.string(),
  image: z.string().nullable(),
  tv_symbol: z.string(),
  rate: finite,
  price_low: finite,
  price_high: finite,
  change: finite,
  change_percent: finite,
  volume: finite,
  /** ISO 8601 time of the last price. */
  updated_at: z.string(),
  buy_spread: finite,
  sell_spread: finite,
  buy_price: finite,
  sell_price: finite,
  contract_size: finite,
  position: finite,
  leverage: finite.nullable(),
  decimals: z.number().int().nonnegative(),
  base_currency: z.string(),
  quote_currency: z.string(),
});
export type Asset = z.infer<typeof assetSchema>;

/** `GET /assets`: every enabled instrument with its live rate (SPEC §7). */
export const assetListResponseSchema = z.object({ data: z.array(assetSchema) });

/**
 * One OHLC candle; `time` is the bucket start in ms since the epoch. A reader takes a missing
 * volume as 0 (the server always sends it).
 */
export const candleSchema = z.object({
  time: finite,
  open: finite,
  high: finite,
  low: finite,
  close: finite,
  volume: finite.default(0),
}) satisfies z.ZodType<Candle>;

/** `GET /assets/{id}/candles?interval=`: oldest first, at most `MAX_CANDLES_PER_REQUEST`. */
export const candlesResponseSchema = z.object({
  data: z.array(candleSchema),
  interval: z.enum(CANDLE_INTERVALS),
});

/** `GET /assets/{id}/info`: the asset, its trading schedule now and its contract terms. */
export const assetInfoSchema = z.object({
  asset: assetSchema,
  trading_schedule: z.object({ description: z.string(), time_zone: z.string(), is_open: z.boolean() }),
  contract_specification: z.object({
    contract_size: z.number(),
    base_currency: z.string(),
    quote_currency: z.string(),
    min_volume_lots: z.number(),
    max_volume_lots: z.number(),
    volume_step_lots: z.number(),
    price_decimals: z.number(),
    leverage: z.number().nullable(),
  }),
});
export type AssetInfo = z.infer<typeof assetInfoSchema>;
export const assetInfoResponseSchema = z.object({ data: assetInfoSchema });

const leverageValue = finite.optional();

/** One optional number per SPEC §3 category; `satisfies` keeps it in step with the category list. */
const leverageShape = {
  cryptos: leverageValue,
  stocks: leverageValue,
  indices: leverageValue,
  commodities: leverageValue,
  metals: leverageValue,
  forex: leverageValue,
} satisfies Record<LeverageCategory, typeof leverageValue>;

/** SPEC §3 Site data as `GET /data` sends it: leverage per market category, each optional. */
export const siteDataSchema = z.object({ leverage: z.object(leverageShape).optional() });
export type SiteData = z.infer<typeof siteDataSchema>;
export const siteDataResponseSchema = z.object({ data: siteDataSchema });

import type { Candle, CandleInterval } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { assetSchema } from '@/api/assets';
import { api, type Envelope } from '@/api/client';

/** `GET /assets/{id}/info` (apps/server modules/assets): the asset, its schedule and contract terms. */
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

const candleSchema = z.object({
  time: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
});

export async function getAssetInfo(id: number): Promise<AssetInfo> {
  const response = await api.get<Envelope<unknown>>(`/assets/${id}/info`);
  return assetInfoSchema.parse(response.data.data);
}

/** `GET /assets/{id}/candles?interval=`: the server's default history span for the interval, oldest first. */
export async function getCandles(id: number, interval: CandleInterval): Promise<Candle[]> {
  const response = await api.get<Envelope<unknown>>(`/assets/${id}/candles`, { params: { interval } });
  return z.array(candleSchema).parse(response.data.data);
}

/** Hourly candles are one minute old at worst for a summary of hours; refetch no more often. */
const CANDLES_STALE_MS = 60_000;

export const assetInfoKeys = {
  info: (id: number) => ['order', 'asset-info', id] as const,
  candles: (id: number, interval: CandleInterval) => ['order', 'candles', id, interval] as const,
};

export function useAssetInfo(id: number) {
  return useQuery({ queryKey: assetInfoKeys.info(id), queryFn: () => getAssetInfo(id) });
}

export function useHourlyCandles(id: number) {
  return useQuery({
    queryKey: assetInfoKeys.candles(id, '1h'),
    queryFn: () => getCandles(id, '1h'),
    staleTime: CANDLES_STALE_MS,
  });
}

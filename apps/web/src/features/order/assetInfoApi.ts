import { type AssetInfo, assetInfoSchema, type CandleInterval } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/api/client';
import { getCandles } from '@/features/chart/candles';

/** `GET /assets/{id}/info` (the domain's contract): the asset, its schedule and contract terms. */
export { type AssetInfo, assetInfoSchema };

export async function getAssetInfo(id: number): Promise<AssetInfo> {
  const response = await api.get<Envelope<unknown>>(`/assets/${id}/info`);
  return assetInfoSchema.parse(response.data.data);
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

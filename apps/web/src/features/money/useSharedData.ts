import { useQuery } from '@tanstack/react-query';
import { getSharedData, type SharedData } from '@/api/sharedData';

export const SHARED_DATA_KEY = ['shared-data'] as const;

/** Currency rates move with the forex quotes; a minute old is close enough for display. */
export const SHARED_DATA_REFRESH_MS = 60_000;

/** SPEC §7 shared data (currencies, plans, plan features), one cache entry for the whole app. */
export function useSharedData() {
  return useQuery<SharedData>({
    queryKey: SHARED_DATA_KEY,
    queryFn: getSharedData,
    staleTime: SHARED_DATA_REFRESH_MS,
    refetchInterval: SHARED_DATA_REFRESH_MS,
  });
}

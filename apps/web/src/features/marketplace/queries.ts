import { useQuery } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { useSessionStore } from '@/stores/sessionStore';
import { getMarketplaceAdvisor, getMarketplaceAdvisors } from './marketplaceApi';

export const marketplaceKeys = {
  all: ['marketplace'] as const,
  /** Per user: `purchased` is this customer's. */
  list: (userId: number | null) => ['marketplace', 'list', userId] as const,
  detail: (id: number, userId: number | null) => ['marketplace', 'detail', id, userId] as const,
};

export function useMarketplaceAdvisors() {
  const userId = useSessionStore((s) => s.user?.id ?? null);
  return useQuery({ queryKey: marketplaceKeys.list(userId), queryFn: getMarketplaceAdvisors });
}

/** A 404 is an answer (the advisor does not exist), not a hiccup worth retrying. */
const retryUnlessMissing = (failures: number, error: unknown) =>
  failures < 1 && !(isAxiosError(error) && error.response?.status === 404);

export function useMarketplaceAdvisor(id: number | null) {
  const userId = useSessionStore((s) => s.user?.id ?? null);
  return useQuery({
    queryKey: marketplaceKeys.detail(id ?? 0, userId),
    queryFn: () => getMarketplaceAdvisor(id ?? 0),
    enabled: id !== null,
    retry: retryUnlessMissing,
  });
}

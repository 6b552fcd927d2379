import {
  adminInstrumentPageSchema,
  adminInstrumentResponseSchema,
  type InstrumentCreateInput,
  type InstrumentUpdate,
} from '@openbroker/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';

/** Every query of this area is keyed under ['admin', 'instruments'], so `admin.changed` refreshes it. */
export const instrumentKeys = {
  all: ['admin', 'instruments'] as const,
  list: (params: Record<string, string | number | undefined>) =>
    ['admin', 'instruments', 'list', params] as const,
  one: (id: number) => ['admin', 'instruments', id] as const,
};

const clean = (params: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));

export function useInstruments(params: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: instrumentKeys.list(params),
    queryFn: async () =>
      adminInstrumentPageSchema.parse((await api.get('/admin/instruments', { params: clean(params) })).data),
    placeholderData: keepPreviousData,
    // Bid and ask move with the feed.
    refetchInterval: 10_000,
  });
}

export function useInstrument(id: number) {
  return useQuery({
    queryKey: instrumentKeys.one(id),
    queryFn: async () =>
      adminInstrumentResponseSchema.parse((await api.get(`/admin/instruments/${id}`)).data).data,
    enabled: Number.isSafeInteger(id) && id > 0,
  });
}

export function useUpdateInstrument(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (changes: InstrumentUpdate) =>
      adminInstrumentResponseSchema.parse((await api.patch(`/admin/instruments/${id}`, changes)).data).data,
    onSuccess: (saved) => {
      client.setQueryData(instrumentKeys.one(id), saved);
      void client.invalidateQueries({ queryKey: instrumentKeys.all });
    },
  });
}

export function useCreateInstrument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: InstrumentCreateInput) =>
      adminInstrumentResponseSchema.parse((await api.post('/admin/instruments', input)).data).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: instrumentKeys.all }),
  });
}

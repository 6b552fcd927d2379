import {
  approvalSchema,
  clientActivityPageSchema,
  clientCardSchema,
  clientMoneyPageSchema,
  clientNotePageSchema,
  clientNoteSchema,
  clientPageSchema,
  clientTradePageSchema,
  type LedgerAdjustment,
  tradeSchema,
  userSchema,
} from '@openbroker/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/api/client';

/** Every query of this area is keyed under ['admin', 'clients'], so `admin.changed` refreshes it. */
export const clientKeys = {
  all: ['admin', 'clients'] as const,
  list: (params: Record<string, string | number | undefined>) =>
    ['admin', 'clients', 'list', params] as const,
  card: (id: number) => ['admin', 'clients', id, 'card'] as const,
  tab: (id: number, tab: string, params: object = {}) => ['admin', 'clients', id, tab, params] as const,
};

const clean = (params: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));

export function useClients(params: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: clientKeys.list(params),
    queryFn: async () =>
      clientPageSchema.parse((await api.get('/admin/clients', { params: clean(params) })).data),
    placeholderData: keepPreviousData,
  });
}

export function useClient(id: number) {
  return useQuery({
    queryKey: clientKeys.card(id),
    queryFn: async () =>
      z.object({ data: clientCardSchema }).parse((await api.get(`/admin/clients/${id}`)).data).data,
    // Equity and margin move with prices.
    refetchInterval: 15_000,
  });
}

export function useClientTrades(id: number, status: 'open' | 'closed', page: number) {
  return useQuery({
    queryKey: clientKeys.tab(id, 'trades', { status, page }),
    queryFn: async () =>
      clientTradePageSchema.parse(
        (await api.get(`/admin/clients/${id}/trades`, { params: { status, page } })).data,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: status === 'open' ? 10_000 : false,
  });
}

export function useClientMoney(id: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: clientKeys.tab(id, 'money', { page }),
    queryFn: async () =>
      clientMoneyPageSchema.parse((await api.get(`/admin/clients/${id}/money`, { params: { page } })).data),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useClientNotes(id: number, page: number) {
  return useQuery({
    queryKey: clientKeys.tab(id, 'notes', { page }),
    queryFn: async () =>
      clientNotePageSchema.parse((await api.get(`/admin/clients/${id}/notes`, { params: { page } })).data),
    placeholderData: keepPreviousData,
  });
}

export function useClientActivity(id: number, page: number) {
  return useQuery({
    queryKey: clientKeys.tab(id, 'activity', { page }),
    queryFn: async () =>
      clientActivityPageSchema.parse(
        (await api.get(`/admin/clients/${id}/activity`, { params: { page } })).data,
      ),
    placeholderData: keepPreviousData,
  });
}

/** After any change to a client, everything shown about them is read again. */
function useRefreshClient() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ['admin', 'clients'] }),
      qc.invalidateQueries({ queryKey: ['admin', 'counts'] }),
    ]);
}

export function useSetClientStatus(id: number) {
  const refresh = useRefreshClient();
  return useMutation({
    mutationFn: async (status: 'active' | 'pending' | 'deactivated') =>
      z.object({ data: userSchema }).parse((await api.patch(`/admin/users/${id}`, { status })).data).data,
    onSuccess: refresh,
  });
}

export function useLoginLink(id: number) {
  return useMutation({
    mutationFn: async () =>
      z
        .object({ data: z.object({ url: z.string() }) })
        .parse((await api.post(`/admin/users/${id}/auto-login-link`)).data).data.url,
  });
}

export function useChangePlan(id: number) {
  const refresh = useRefreshClient();
  return useMutation({
    mutationFn: async (planId: number) =>
      (await api.patch(`/admin/clients/${id}/plan`, { plan_id: planId })).data,
    onSuccess: refresh,
  });
}

/** What an adjustment did: applied at once, or waiting for a second approver (four eyes). */
export type AdjustmentResult =
  | { status: 'applied'; balance: number; credit_balance: number }
  | { status: 'pending_approval'; approval: z.infer<typeof approvalSchema> };

const appliedSchema = z.object({ data: z.object({ balance: z.number(), credit_balance: z.number() }) });
const pendingSchema = z.object({
  data: z.object({ status: z.literal('pending_approval'), approval: approvalSchema }),
});

export async function postAdjustment(accountId: number, input: LedgerAdjustment): Promise<AdjustmentResult> {
  const res = await api.post(`/admin/accounts/${accountId}/adjustments`, input);
  if (res.status === 202) return pendingSchema.parse(res.data).data;
  return { status: 'applied', ...appliedSchema.parse(res.data).data };
}

export function useAdjust() {
  const refresh = useRefreshClient();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { accountId: number; input: LedgerAdjustment }) => postAdjustment(v.accountId, v.input),
    onSuccess: () => Promise.all([refresh(), qc.invalidateQueries({ queryKey: ['admin', 'approvals'] })]),
  });
}

export function useStaffClose() {
  const refresh = useRefreshClient();
  return useMutation({
    mutationFn: async (v: { tradeId: number; reason: string }) =>
      z
        .object({ data: tradeSchema })
        .parse((await api.post(`/admin/trades/${v.tradeId}/close`, { reason: v.reason })).data).data,
    onSuccess: refresh,
  });
}

export function useNoteMutations(clientId: number) {
  const refresh = useRefreshClient();
  const one = z.object({ data: clientNoteSchema });
  return {
    add: useMutation({
      mutationFn: async (body: string) =>
        one.parse((await api.post(`/admin/clients/${clientId}/notes`, { body })).data).data,
      onSuccess: refresh,
    }),
    edit: useMutation({
      mutationFn: async (v: { id: number; body: string }) =>
        one.parse((await api.patch(`/admin/clients/${clientId}/notes/${v.id}`, { body: v.body })).data).data,
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async (id: number) => (await api.delete(`/admin/clients/${clientId}/notes/${id}`)).data,
      onSuccess: refresh,
    }),
  };
}

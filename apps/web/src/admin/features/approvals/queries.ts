import {
  type Approval,
  type ApprovalReject,
  type ApprovalStatus,
  approvalSchema,
  pagedSchema,
} from '@openbroker/domain';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/api/client';

const pageSchema = pagedSchema(approvalSchema);
const one = z.object({ data: approvalSchema });

export interface ApprovalFilter {
  status?: ApprovalStatus;
  kind?: string;
  object_type?: string;
  object_id?: string;
  page?: number;
  per_page?: number;
}

async function fetchApprovals(filter: ApprovalFilter) {
  const params = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));
  return pageSchema.parse((await api.get('/admin/approvals', { params })).data);
}

/** The approvals queue, keyed under ['admin', 'approvals'] so `admin.changed` refreshes it. */
export function useApprovals(filter: ApprovalFilter, enabled = true) {
  return useQuery({
    queryKey: ['admin', 'approvals', filter],
    queryFn: () => fetchApprovals(filter),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Pending requests on any of these trading accounts (the approvals API filters by one object). */
export function usePendingForAccounts(accountIds: number[], enabled: boolean) {
  const results = useQueries({
    queries: accountIds.map((id) => ({
      queryKey: [
        'admin',
        'approvals',
        { status: 'pending', object_type: 'trading_account', object_id: String(id) },
      ],
      queryFn: () =>
        fetchApprovals({
          status: 'pending',
          object_type: 'trading_account',
          object_id: String(id),
          per_page: 200,
        }),
      enabled,
    })),
  });
  return {
    data: results.flatMap((r) => r.data?.data ?? []),
    loading: results.some((r) => r.isLoading),
    error: results.find((r) => r.error)?.error ?? null,
  };
}

export type Decision =
  | { verb: 'approve'; id: number }
  | { verb: 'cancel'; id: number }
  | { verb: 'reject'; id: number; body: ApprovalReject };

export function useDecide() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (d: Decision): Promise<Approval> => {
      const url = `/admin/approvals/${d.id}/${d.verb}`;
      const res = d.verb === 'reject' ? await api.post(url, d.body) : await api.post(url);
      return one.parse(res.data).data;
    },
    // The balance may have moved (clients) and the queue's count changed (counts).
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['admin', 'approvals'] }),
        qc.invalidateQueries({ queryKey: ['admin', 'clients'] }),
        qc.invalidateQueries({ queryKey: ['admin', 'counts'] }),
      ]),
  });
}

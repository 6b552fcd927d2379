import type { RejectWithdrawal } from '@openbroker/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminWithdrawal,
  type AdminWithdrawalDetail,
  advanceWithdrawal,
  getWithdrawal,
  listWithdrawals,
  type MoneyFilter,
  rejectWithdrawal,
  type WithdrawalStep,
} from '@/api/adminMoney';

/** Keyed under ['admin', 'withdrawals'] so `admin.changed` (scope withdrawals) refreshes it. */
export const ADMIN_WITHDRAWALS_KEY = ['admin', 'withdrawals'] as const;

export function useAdminWithdrawals(filter: MoneyFilter) {
  return useQuery({
    queryKey: [...ADMIN_WITHDRAWALS_KEY, 'list', filter],
    queryFn: () => listWithdrawals(filter),
    placeholderData: keepPreviousData,
  });
}

/** One withdrawal with the client's recent activity (the queue's row shows until it loads). */
export function useAdminWithdrawal(id: number) {
  return useQuery({
    queryKey: [...ADMIN_WITHDRAWALS_KEY, 'one', id],
    queryFn: (): Promise<AdminWithdrawalDetail> => getWithdrawal(id),
  });
}

export type WithdrawalDecision =
  | { verb: WithdrawalStep; id: number; key: string }
  | { verb: 'reject'; id: number; body: RejectWithdrawal; key: string };

/** Moves a withdrawal on (or rejects it); the queue, the badge and the client's money follow. */
export function useDecideWithdrawal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: WithdrawalDecision): Promise<AdminWithdrawal> =>
      d.verb === 'reject' ? rejectWithdrawal(d.id, d.body, d.key) : advanceWithdrawal(d.id, d.verb, d.key),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ADMIN_WITHDRAWALS_KEY }),
        qc.invalidateQueries({ queryKey: ['admin', 'clients'] }),
        qc.invalidateQueries({ queryKey: ['admin', 'counts'] }),
      ]),
  });
}

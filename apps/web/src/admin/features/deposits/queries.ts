import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminDeposit,
  type ConfirmDeposit,
  confirmDeposit,
  type DepositRejection,
  getDeposit,
  listDeposits,
  type MoneyFilter,
  rejectDeposit,
} from '@/api/adminMoney';

/** Keyed under ['admin', 'deposits'] so `admin.changed` (scope deposits) refreshes it. */
export const ADMIN_DEPOSITS_KEY = ['admin', 'deposits'] as const;

export function useAdminDeposits(filter: MoneyFilter) {
  return useQuery({
    queryKey: [...ADMIN_DEPOSITS_KEY, 'list', filter],
    queryFn: () => listDeposits(filter),
    placeholderData: keepPreviousData,
  });
}

/** One deposit, fresh; the queue's row stands in until it loads. */
export function useAdminDeposit(initial: AdminDeposit | null) {
  const id = initial?.id ?? 0;
  return useQuery({
    queryKey: [...ADMIN_DEPOSITS_KEY, 'one', id],
    queryFn: () => getDeposit(id),
    enabled: initial !== null,
    placeholderData: initial ?? undefined,
  });
}

export type DepositDecision =
  | { verb: 'confirm'; id: number; body: ConfirmDeposit; key: string }
  | { verb: 'reject'; id: number; body: DepositRejection; key: string };

/** Confirms a wire's amount (crediting it) or rejects the deposit; the queue, badge and client follow. */
export function useDecideDeposit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: DepositDecision): Promise<AdminDeposit> =>
      d.verb === 'confirm' ? confirmDeposit(d.id, d.body, d.key) : rejectDeposit(d.id, d.body, d.key),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ADMIN_DEPOSITS_KEY }),
        qc.invalidateQueries({ queryKey: ['admin', 'clients'] }),
        qc.invalidateQueries({ queryKey: ['admin', 'counts'] }),
      ]),
  });
}

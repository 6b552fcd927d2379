import { isFinal, WITHDRAWAL_TRANSITIONS } from '@openbroker/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getWithdrawalOptions, getWithdrawals } from '@/api/payments';

/** Staff decide withdrawals: a list with one still open asks again now and then. */
const LIVE_REFRESH_MS = 10_000;

export const withdrawalKeys = {
  all: ['withdrawals'] as const,
  options: (accountId: number) => ['withdrawals', 'options', accountId] as const,
  list: (page: number) => ['withdrawals', 'list', page] as const,
};

export function useWithdrawalOptions(accountId: number) {
  return useQuery({
    queryKey: withdrawalKeys.options(accountId),
    queryFn: () => getWithdrawalOptions(accountId),
  });
}

export function useWithdrawals(page: number) {
  return useQuery({
    queryKey: withdrawalKeys.list(page),
    queryFn: () => getWithdrawals(page),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      (query.state.data?.data ?? []).some((w) => !isFinal(WITHDRAWAL_TRANSITIONS, w.status))
        ? LIVE_REFRESH_MS
        : false,
  });
}

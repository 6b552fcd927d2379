import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type DepositFilter, getDeposit, getDepositMethods, getDeposits, getWallet } from '@/api/payments';
import { anyDepositOpen, isDepositFinal } from './depositStatus';

/** How often a list with a deposit still in flight asks again (card callbacks, confirmations). */
export const LIVE_REFRESH_MS = 4_000;
/** A settled list still asks now and then: a new transfer may arrive, staff may confirm a wire. */
const IDLE_REFRESH_MS = 30_000;

export const depositKeys = {
  all: ['deposits'] as const,
  methods: (accountId: number) => ['deposits', 'methods', accountId] as const,
  list: (filter: DepositFilter) => ['deposits', 'list', filter] as const,
  one: (id: number) => ['deposits', 'one', id] as const,
  wallet: (id: number) => ['deposits', 'wallet', id] as const,
};

export function useDepositMethods(accountId: number | null) {
  return useQuery({
    queryKey: depositKeys.methods(accountId ?? 0),
    queryFn: () => getDepositMethods(accountId ?? 0),
    enabled: accountId !== null,
  });
}

/**
 * A page of deposits, refreshed every few seconds while any of them can still change; `watching`
 * keeps that pace regardless (an address page waiting for a transfer to be seen).
 */
export function useDeposits(filter: DepositFilter, watching = false) {
  return useQuery({
    queryKey: depositKeys.list(filter),
    queryFn: () => getDeposits(filter),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      watching || anyDepositOpen(query.state.data?.data) ? LIVE_REFRESH_MS : IDLE_REFRESH_MS,
  });
}

/** One deposit, asked again until it reaches a final state. */
export function useDeposit(id: number | null) {
  return useQuery({
    queryKey: depositKeys.one(id ?? 0),
    queryFn: () => getDeposit(id ?? 0),
    enabled: id !== null,
    refetchInterval: (query) => {
      const d = query.state.data;
      return d && isDepositFinal(d) ? false : LIVE_REFRESH_MS;
    },
  });
}

export function useWallet(id: number | null) {
  return useQuery({
    queryKey: depositKeys.wallet(id ?? 0),
    queryFn: () => getWallet(id ?? 0),
    enabled: id !== null,
  });
}

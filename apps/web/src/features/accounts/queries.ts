import { useQuery } from '@tanstack/react-query';
import { getAccountOptions, getTransferQuote, getTransfers } from '@/api/accounts';

export const accountKeys = {
  options: ['accounts', 'options'] as const,
  transfers: (page: number) => ['transfers', 'list', page] as const,
  allTransfers: ['transfers', 'list'] as const,
  quote: (from: number, to: number, amount: number) => ['transfers', 'quote', from, to, amount] as const,
};

export function useAccountOptions(enabled = true) {
  return useQuery({ queryKey: accountKeys.options, queryFn: getAccountOptions, enabled });
}

export function useTransfers(page = 1) {
  return useQuery({ queryKey: accountKeys.transfers(page), queryFn: () => getTransfers(page) });
}

/** What a transfer would credit now; null inputs (an incomplete form) ask nothing. */
export function useTransferQuote(from: number | null, to: number | null, amount: number | null) {
  const ready = from !== null && to !== null && amount !== null && from !== to && amount > 0;
  return useQuery({
    queryKey: accountKeys.quote(from ?? 0, to ?? 0, amount ?? 0),
    queryFn: () => getTransferQuote(from ?? 0, to ?? 0, amount ?? 0),
    enabled: ready,
    // The rate moves: a quote older than this is asked again while the dialog stays open.
    staleTime: 5_000,
    refetchInterval: ready ? 10_000 : false,
    retry: false,
  });
}

import type { ModifyTrade, PlaceOrder, Trade } from '@openbroker/domain';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  cancelOrder,
  closeTrade,
  getAccountSummary,
  getTrades,
  modifyTrade,
  placeOrder,
  type TradeListKind,
  type TradePage,
} from '@/api/trading';
import { CURRENT_USER_KEY } from '@/app/session/useCurrentUserQuery';
import { useRealtimeStore } from '@/realtime/realtimeSocket';
import { useSessionStore } from '@/stores/sessionStore';

/** SPEC §9: while the realtime link is down, trades poll every 30 s. */
export const TRADE_POLL_MS = 30_000;

/** Polls only while the realtime link is not connected; connected, its events refresh the lists. */
const pollWhileOffline = () => (useRealtimeStore.getState().status === 'connected' ? false : TRADE_POLL_MS);

export const tradingKeys = {
  all: ['trading'] as const,
  list: (kind: TradeListKind, accountId: number | undefined) => ['trading', 'list', kind, accountId] as const,
  summary: (accountId: number | undefined) => ['trading', 'summary', accountId] as const,
};

/** The selected trading account's id (SPEC §3 selectedAccountIndex), undefined for the first. */
export function useSelectedAccountId(): number | undefined {
  return useSessionStore((s) => {
    const accounts = s.user?.accounts ?? [];
    return s.selectedAccountIndex > 0 ? accounts[s.selectedAccountIndex]?.id : undefined;
  });
}

/** An infinite list of trades (SPEC §4 positions drawer: more load when the bottom marker shows). */
export function useTradeList(kind: TradeListKind) {
  const accountId = useSelectedAccountId();
  return useInfiniteQuery<
    TradePage,
    Error,
    InfiniteData<TradePage>,
    ReturnType<typeof tradingKeys.list>,
    number
  >({
    queryKey: tradingKeys.list(kind, accountId),
    queryFn: ({ pageParam }) => getTrades(kind, pageParam, accountId),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
    refetchInterval: pollWhileOffline,
  });
}

/** Every trade of an infinite list, flattened. */
export function flattenTrades(data: InfiniteData<TradePage> | undefined): Trade[] {
  return data?.pages.flatMap((p) => p.data) ?? [];
}

export function useAccountSummaryQuery() {
  const accountId = useSelectedAccountId();
  return useQuery({
    queryKey: tradingKeys.summary(accountId),
    queryFn: () => getAccountSummary(accountId),
    refetchInterval: pollWhileOffline,
  });
}

/** After any trading change: the lists, the summary and the user (balance) are stale. */
function useInvalidateTrading() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: tradingKeys.all }),
      client.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
    ]);
}

export function usePlaceOrder() {
  const accountId = useSelectedAccountId();
  const invalidate = useInvalidateTrading();
  return useMutation({
    mutationFn: (body: Partial<PlaceOrder> & Pick<PlaceOrder, 'type'>) =>
      placeOrder(accountId === undefined ? body : { ...body, account_id: accountId }),
    onSuccess: invalidate,
  });
}

export function useCloseTrade() {
  const invalidate = useInvalidateTrading();
  return useMutation({
    mutationFn: ({ id, volume }: { id: number; volume?: number }) => closeTrade(id, volume),
    onSuccess: invalidate,
  });
}

export function useModifyTrade() {
  const invalidate = useInvalidateTrading();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ModifyTrade }) => modifyTrade(id, body),
    onSuccess: invalidate,
  });
}

export function useCancelOrder() {
  const invalidate = useInvalidateTrading();
  return useMutation({ mutationFn: (id: number) => cancelOrder(id), onSuccess: invalidate });
}

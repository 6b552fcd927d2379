import { formatPrice, type Trade } from '@openbroker/domain';
import { ClipboardList, History, X } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { toast } from 'sonner';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { flattenTrades, useCancelOrder, useTradeList } from '@/features/trading/queries';
import { cn } from '@/lib/utils';
import { useAssetStore } from '@/stores/assetStore';
import { useAccountCurrency } from '../account';
import { lots, shortDateTime, signClass, signedMoney } from '../format';
import { EmptyState, ErrorState, LoadingState } from '../PanelStates';

/** SPEC §8 empty states and the trade-list failures. */
export const TRADE_LIST_MESSAGES = {
  noActiveOrders: 'No active orders found',
  noHistory: 'No trading history found',
  activeOrdersFailed: 'Failed to fetch active orders. Please try again.',
  historyFailed: 'Failed to fetch closed trades. Please try again.',
  cancelled: 'Order cancelled',
  cancelFailed: 'Failed to cancel order',
  cancelFailedFallback: 'There was an error processing your request. Please try again.',
} as const;

/** Price decimals per instrument, from the catalogue (5 until it loads). */
function useDecimals(): (assetId: number) => number {
  const assets = useAssetStore((s) => s.assets);
  const byId = useMemo(() => new Map(assets.map((a) => [a.id, a.decimals])), [assets]);
  return (assetId) => byId.get(assetId) ?? 5;
}

/** "BUY LIMIT", "SELL STOP", "BUY". */
function orderLabel(trade: Trade): string {
  if (trade.order_type === 'market') return trade.trade_type.toUpperCase();
  return trade.order_type.replace('_', ' ').toUpperCase();
}

function SideBadge({ trade }: { trade: Trade }) {
  return (
    <span
      className={cn(
        'rounded px-1.5 py-px text-[10px] font-semibold tracking-wide',
        trade.trade_type === 'buy' ? 'bg-buy/15 text-buy' : 'bg-sell/15 text-sell',
      )}
    >
      {orderLabel(trade)}
    </span>
  );
}

type TradeListQuery = ReturnType<typeof useTradeList>;

/** Loading, error and empty states around a trade list, and "Load more" for the next page. */
function TradeListFrame({
  query,
  failed,
  empty,
  emptyIcon,
  children,
}: {
  query: TradeListQuery;
  failed: string;
  empty: string;
  emptyIcon: typeof ClipboardList;
  children: (trades: Trade[]) => ReactNode;
}) {
  const trades = flattenTrades(query.data);
  if (query.isPending) return <LoadingState label="Loading..." />;
  if (query.isError && trades.length === 0) {
    return <ErrorState title={failed} onRetry={() => void query.refetch()} />;
  }
  if (trades.length === 0) return <EmptyState icon={emptyIcon} message={empty} />;
  return (
    <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
      <ul className="divide-y">{children(trades)}</ul>
      {query.hasNextPage ? (
        <div className="p-2">
          <Button
            variant="ghost"
            size="sm"
            className="w-full"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? <Spinner aria-label="Loading more" /> : null}
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** ACTIVE ORDERS (SPEC §2): pending orders waiting for their price, each cancellable. */
export function ActiveOrdersPanel() {
  const query = useTradeList('pending');
  const decimals = useDecimals();
  const cancel = useCancelOrder();

  const onCancel = (trade: Trade) => {
    cancel.mutate(trade.id, {
      onSuccess: () => toast.success(TRADE_LIST_MESSAGES.cancelled, { description: trade.asset_symbol }),
      onError: (error) =>
        toast.error(TRADE_LIST_MESSAGES.cancelFailed, {
          description: apiErrorMessage(error, TRADE_LIST_MESSAGES.cancelFailedFallback),
        }),
    });
  };

  return (
    <div data-testid="active-orders" className="flex min-h-0 flex-1 flex-col">
      <TradeListFrame
        query={query}
        failed={TRADE_LIST_MESSAGES.activeOrdersFailed}
        empty={TRADE_LIST_MESSAGES.noActiveOrders}
        emptyIcon={ClipboardList}
      >
        {(trades) =>
          trades.map((trade) => {
            const busy = cancel.isPending && cancel.variables === trade.id;
            return (
              <li key={trade.id} className="flex items-center gap-2 px-3 py-2 text-xs">
                <div className="min-w-0 flex-1">
                  <div className="flex items-center gap-2">
                    <span className="truncate font-medium">{trade.asset_symbol}</span>
                    <SideBadge trade={trade} />
                  </div>
                  <div className="mt-0.5 flex flex-wrap gap-x-2 text-[11px] text-muted-foreground tabular-nums">
                    <span>{lots(trade.volume)} lots</span>
                    <span>@ {formatPrice(trade.entry_price, decimals(trade.asset_id))}</span>
                    <span>{shortDateTime(trade.created_at)}</span>
                  </div>
                </div>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Cancel order ${trade.trade_id}`}
                  disabled={busy}
                  onClick={() => onCancel(trade)}
                  className="size-7 text-muted-foreground hover:text-destructive"
                >
                  {busy ? <Spinner aria-label="Cancelling" /> : <X aria-hidden="true" />}
                </Button>
              </li>
            );
          })
        }
      </TradeListFrame>
    </div>
  );
}

/** TRADING HISTORY (SPEC §2): closed trades with their realised P/L. */
export function TradingHistoryPanel() {
  const query = useTradeList('closed');
  const decimals = useDecimals();
  const currency = useAccountCurrency();
  return (
    <div data-testid="trading-history" className="flex min-h-0 flex-1 flex-col">
      <TradeListFrame
        query={query}
        failed={TRADE_LIST_MESSAGES.historyFailed}
        empty={TRADE_LIST_MESSAGES.noHistory}
        emptyIcon={History}
      >
        {(trades) =>
          trades.map((trade) => {
            const places = decimals(trade.asset_id);
            return (
              <li key={trade.id} className="px-3 py-2 text-xs">
                <div className="flex items-center gap-2">
                  <span className="min-w-0 flex-1 truncate font-medium">{trade.asset_symbol}</span>
                  <SideBadge trade={trade} />
                  <span className={cn('ml-auto font-medium tabular-nums', signClass(trade.pnl))}>
                    {signedMoney(trade.pnl, currency)}
                  </span>
                </div>
                <div className="mt-0.5 flex flex-wrap gap-x-2 text-[11px] text-muted-foreground tabular-nums">
                  <span>{lots(trade.volume)} lots</span>
                  <span>
                    {formatPrice(trade.opening_price, places)} → {formatPrice(trade.closing_price, places)}
                  </span>
                  <span>{shortDateTime(trade.close_time)}</span>
                </div>
              </li>
            );
          })
        }
      </TradeListFrame>
    </div>
  );
}

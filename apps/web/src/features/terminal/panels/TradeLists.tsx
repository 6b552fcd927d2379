import { formatPrice, type Trade } from '@openbroker/domain';
import { ClipboardList, History, X } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { flattenTrades, useCancelOrder, useTradeList } from '@/features/trading/queries';
import { i18n } from '@/i18n/i18n';
import { cn } from '@/lib/utils';
import { useAssetStore } from '@/stores/assetStore';
import { useAccountCurrency } from '../account';
import { lots, shortDateTime, signClass, signedMoney } from '../format';
import { EmptyState, ErrorState, LoadingState } from '../PanelStates';

/** Price decimals per instrument, from the catalogue (5 until it loads). */
function useDecimals(): (assetId: number) => number {
  const assets = useAssetStore((s) => s.assets);
  const byId = useMemo(() => new Map(assets.map((a) => [a.id, a.decimals])), [assets]);
  return (assetId) => byId.get(assetId) ?? 5;
}

/** "BUY LIMIT", "SELL STOP", "BUY" in the reader's language. */
function orderLabel(trade: Trade): string {
  const kind = trade.order_type === 'market' ? trade.trade_type : trade.order_type;
  return i18n.t(`terminal:tradeLists.orderTypes.${kind}`);
}

function SideBadge({ trade }: { trade: Trade }) {
  return (
    <span
      className={cn(
        'rounded px-1.5 py-px text-xs font-semibold tracking-wide',
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
  const { t } = useTranslation('terminal');
  const trades = flattenTrades(query.data);
  if (query.isPending) return <LoadingState label={t('tradeLists.loading')} />;
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
            {query.isFetchingNextPage ? <Spinner aria-label={t('tradeLists.loadingMore')} /> : null}
            {t('tradeLists.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** ACTIVE ORDERS (SPEC §2): pending orders waiting for their price, each cancellable. */
export function ActiveOrdersPanel() {
  const { t } = useTranslation('terminal');
  const query = useTradeList('pending');
  const decimals = useDecimals();
  const cancel = useCancelOrder();

  const onCancel = (trade: Trade) => {
    cancel.mutate(trade.id, {
      onSuccess: () => toast.success(t('tradeLists.cancelled'), { description: trade.asset_symbol }),
      onError: (error) =>
        toast.error(t('tradeLists.cancelFailed'), {
          description: apiErrorMessage(error, t('tradeLists.cancelFailedFallback')),
        }),
    });
  };

  return (
    <div data-testid="active-orders" className="flex min-h-0 flex-1 flex-col">
      <TradeListFrame
        query={query}
        failed={t('tradeLists.activeOrdersFailed')}
        empty={t('tradeLists.noActiveOrders')}
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
                  <div className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-muted-foreground tabular-nums">
                    <span>{t('tradeLists.lots', { volume: lots(trade.volume) })}</span>
                    <span dir="ltr">@ {formatPrice(trade.entry_price, decimals(trade.asset_id))}</span>
                    <span>{shortDateTime(trade.created_at)}</span>
                  </div>
                </div>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t('tradeLists.cancelOrder', { id: trade.trade_id })}
                  disabled={busy}
                  onClick={() => onCancel(trade)}
                  className="size-7 text-muted-foreground hover:text-destructive"
                >
                  {busy ? <Spinner aria-label={t('tradeLists.cancelling')} /> : <X aria-hidden="true" />}
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
  const { t } = useTranslation('terminal');
  const query = useTradeList('closed');
  const decimals = useDecimals();
  const currency = useAccountCurrency();
  return (
    <div data-testid="trading-history" className="flex min-h-0 flex-1 flex-col">
      <TradeListFrame
        query={query}
        failed={t('tradeLists.historyFailed')}
        empty={t('tradeLists.noHistory')}
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
                  <span dir="ltr" className={cn('ms-auto font-medium tabular-nums', signClass(trade.pnl))}>
                    {signedMoney(trade.pnl, currency)}
                  </span>
                </div>
                <div className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-muted-foreground tabular-nums">
                  <span>{t('tradeLists.lots', { volume: lots(trade.volume) })}</span>
                  <span dir="ltr">
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

import { formatMarginLevel } from '@openbroker/domain';
import { Calculator, Clock3, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { AssetIcon } from '@/features/market/AssetIcon';
import { useActiveAsset } from '@/features/market/useAssets';
import { useTradeDialogs } from '@/features/order/tradeDialogsStore';
import { useLiveSummary } from '@/features/trading/liveValuation';
import { flattenTrades, useAccountSummaryQuery, useTradeList } from '@/features/trading/queries';
import { cn } from '@/lib/utils';
import { useSelectedAccount } from '../account';
import { money, signClass, signedMoney } from '../format';
import { ErrorState, LoadingState } from '../PanelStates';
import { TradeButtons } from '../TradeButtons';

export const TRADE_ROOM_MESSAGES = {
  loading: 'Loading account...',
  failed: 'Failed to load the account summary',
} as const;

function Row({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={cn('font-medium tabular-nums', className)}>{children}</dd>
    </div>
  );
}

/** The live figures: balance and credit from the server, the rest moving with the open positions. */
function AccountFigures({
  balance,
  credit,
  currency,
}: {
  balance: number;
  credit: number;
  currency: string;
}) {
  const open = useTradeList('open');
  const trades = flattenTrades(open.data);
  const summary = useLiveSummary(balance, credit, trades, currency);
  return (
    <dl className="divide-y divide-border/60 text-xs">
      <Row label="Balance">{money(summary.balance, currency)}</Row>
      {summary.credit !== 0 ? <Row label="Credit">{money(summary.credit, currency)}</Row> : null}
      <Row label="Equity">{money(summary.equity, currency)}</Row>
      <Row label="Margin">{money(summary.margin, currency)}</Row>
      <Row label="Free margin">{money(summary.freeMargin, currency)}</Row>
      <Row label="Margin level">{formatMarginLevel(summary.marginLevel)}</Row>
      <Row label="Open P/L" className={signClass(summary.pnl)}>
        {signedMoney(summary.pnl, currency)}
      </Row>
      <Row label="Open positions">{trades.length}</Row>
    </dl>
  );
}

/**
 * TRADE ROOM (SPEC §2): the selected account at a glance, live, and quick BUY/SELL of the active
 * asset, with the pending-order, calculator and asset-information dialogs one click away.
 */
export function TradeRoomPanel() {
  const summary = useAccountSummaryQuery();
  const account = useSelectedAccount();
  const asset = useActiveAsset();
  const openDialog = useTradeDialogs((s) => s.openDialog);

  return (
    <div data-testid="trade-room" className="flex min-h-0 flex-1 flex-col overflow-y-auto overscroll-contain">
      <section aria-label="Account" className="border-b p-3">
        <div className="mb-2 flex items-baseline justify-between gap-2">
          <h3 className="truncate text-sm font-medium">{account?.title ?? 'Trading account'}</h3>
          {account ? <span className="text-[11px] text-muted-foreground">#{account.number}</span> : null}
        </div>
        {summary.isPending ? (
          <LoadingState label={TRADE_ROOM_MESSAGES.loading} className="py-4" />
        ) : summary.isError ? (
          <ErrorState
            title={TRADE_ROOM_MESSAGES.failed}
            onRetry={() => void summary.refetch()}
            className="py-4"
          />
        ) : (
          <AccountFigures
            balance={summary.data.balance}
            credit={summary.data.credit}
            currency={summary.data.currency}
          />
        )}
      </section>
      {asset ? (
        <section aria-label="Quick trade" className="p-3">
          <div className="mb-2 flex items-center gap-2">
            <AssetIcon symbol={asset.symbol} image={asset.image} size={20} />
            <div className="min-w-0">
              <h3 className="truncate text-sm font-medium">{asset.sy}</h3>
              <p className="truncate text-[11px] text-muted-foreground">{asset.name}</p>
            </div>
          </div>
          <TradeButtons asset={asset} size="compact" />
          <div className="mt-2 grid grid-cols-3 gap-1">
            <Button
              variant="ghost"
              size="sm"
              className="h-auto flex-col gap-1 px-1 py-1.5 text-[10px]"
              onClick={() => openDialog({ kind: 'pending', assetId: asset.id })}
            >
              <Clock3 aria-hidden="true" />
              Pending
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="h-auto flex-col gap-1 px-1 py-1.5 text-[10px]"
              onClick={() => openDialog({ kind: 'calculator', assetId: asset.id })}
            >
              <Calculator aria-hidden="true" />
              Calculator
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="h-auto flex-col gap-1 px-1 py-1.5 text-[10px]"
              onClick={() => openDialog({ kind: 'info', assetId: asset.id })}
            >
              <Info aria-hidden="true" />
              Info
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}

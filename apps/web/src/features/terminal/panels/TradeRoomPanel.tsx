import { formatMarginLevel } from '@openbroker/domain';
import { Calculator, Clock3, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { InstrumentIcon } from '@/features/market/InstrumentIcon';
import { useActiveAsset } from '@/features/market/useAssets';
import { useTradeDialogs } from '@/features/order/tradeDialogsStore';
import { useLiveSummary } from '@/features/trading/liveValuation';
import { flattenTrades, useAccountSummaryQuery, useTradeList } from '@/features/trading/queries';
import { cn } from '@/lib/utils';
import { useSelectedAccount } from '../account';
import { money, signClass, signedMoney } from '../format';
import { ErrorState, LoadingState } from '../PanelStates';
import { TradeButtons } from '../TradeButtons';

function Row({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd dir="ltr" className={cn('font-medium tabular-nums', className)}>
        {children}
      </dd>
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
  const { t } = useTranslation('terminal');
  const open = useTradeList('open');
  const trades = flattenTrades(open.data);
  const summary = useLiveSummary(balance, credit, trades, currency);
  return (
    <dl className="divide-y divide-border/60 text-xs">
      <Row label={t('tradeRoom.balance')}>{money(summary.balance, currency)}</Row>
      {summary.credit !== 0 ? (
        <Row label={t('tradeRoom.credit')}>{money(summary.credit, currency)}</Row>
      ) : null}
      <Row label={t('tradeRoom.equity')}>{money(summary.equity, currency)}</Row>
      <Row label={t('tradeRoom.margin')}>{money(summary.margin, currency)}</Row>
      <Row label={t('tradeRoom.freeMargin')}>{money(summary.freeMargin, currency)}</Row>
      <Row label={t('tradeRoom.marginLevel')}>{formatMarginLevel(summary.marginLevel)}</Row>
      <Row label={t('tradeRoom.openPnl')} className={signClass(summary.pnl)}>
        {signedMoney(summary.pnl, currency)}
      </Row>
      <Row label={t('tradeRoom.openPositions')}>{trades.length}</Row>
    </dl>
  );
}

/**
 * TRADE ROOM (SPEC §2): the selected account at a glance, live, and quick BUY/SELL of the active
 * asset, with the pending-order, calculator and asset-information dialogs one click away.
 */
export function TradeRoomPanel() {
  const { t } = useTranslation('terminal');
  const summary = useAccountSummaryQuery();
  const account = useSelectedAccount();
  const asset = useActiveAsset();
  const openDialog = useTradeDialogs((s) => s.openDialog);

  return (
    <div data-testid="trade-room" className="flex min-h-0 flex-1 flex-col overflow-y-auto overscroll-contain">
      <section aria-labelledby="trade-room-account" className="border-b p-3">
        <div className="mb-2 flex items-baseline justify-between gap-2">
          <h3 id="trade-room-account" className="truncate text-sm font-medium">
            {account?.title ?? t('tradeRoom.tradingAccount')}
          </h3>
          {account ? <span className="text-xs text-muted-foreground">#{account.number}</span> : null}
        </div>
        {summary.isPending ? (
          <LoadingState label={t('tradeRoom.loading')} className="py-4" />
        ) : summary.isError ? (
          <ErrorState title={t('tradeRoom.failed')} onRetry={() => void summary.refetch()} className="py-4" />
        ) : (
          <AccountFigures
            balance={summary.data.balance}
            credit={summary.data.credit}
            currency={summary.data.currency}
          />
        )}
      </section>
      {asset ? (
        <section aria-label={t('tradeRoom.quickTrade')} className="p-3">
          <div className="mb-2 flex items-center gap-2">
            <InstrumentIcon instrument={asset} size={20} />
            <div className="min-w-0">
              <h3 className="truncate text-sm font-medium">{asset.sy}</h3>
              <p className="truncate text-xs text-muted-foreground">{asset.name}</p>
            </div>
          </div>
          <TradeButtons asset={asset} size="compact" />
          <div className="mt-2 grid grid-cols-3 gap-1">
            <Button
              variant="ghost"
              size="sm"
              className="h-auto flex-col gap-1 px-1 py-1.5 text-xs"
              onClick={() => openDialog({ kind: 'pending', assetId: asset.id })}
            >
              <Clock3 aria-hidden="true" />
              {t('tradeRoom.pending')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="h-auto flex-col gap-1 px-1 py-1.5 text-xs"
              onClick={() => openDialog({ kind: 'calculator', assetId: asset.id })}
            >
              <Calculator aria-hidden="true" />
              {t('tradeRoom.calculator')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="h-auto flex-col gap-1 px-1 py-1.5 text-xs"
              onClick={() => openDialog({ kind: 'info', assetId: asset.id })}
            >
              <Info aria-hidden="true" />
              {t('tradeRoom.info')}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}

import type { BacktestSummary } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { formatCount, formatPercent, formatProfitFactor, formatSignedUsd } from './marketplaceItems';

/**
 * A backtest's figures on the platform's own candles (issue 16): trades, win rate, profit factor,
 * maximum drawdown and net profit. `dense` for the card, roomier in the detail.
 */
export function BacktestFigures({
  backtest,
  dense = false,
}: {
  backtest: BacktestSummary | null;
  dense?: boolean;
}) {
  const { t } = useTranslation('account');
  if (!backtest) {
    return <p className="text-xs text-muted-foreground">{t('marketplace.backtest.none')}</p>;
  }
  const figures: [string, string, string?][] = [
    [t('marketplace.backtest.trades'), formatCount(backtest.trades)],
    [t('marketplace.backtest.winRate'), formatPercent(backtest.win_rate)],
    [t('marketplace.backtest.profitFactor'), formatProfitFactor(backtest.profit_factor)],
    [t('marketplace.backtest.drawdown'), formatPercent(backtest.max_drawdown)],
    [
      t('marketplace.backtest.netProfit'),
      formatSignedUsd(backtest.net_profit),
      backtest.net_profit > 0 ? 'text-buy' : backtest.net_profit < 0 ? 'text-sell' : undefined,
    ],
  ];
  return (
    <dl
      aria-label={t('marketplace.backtest.label')}
      className={cn('grid gap-x-3 gap-y-1.5', dense ? 'grid-cols-3' : 'grid-cols-2 sm:grid-cols-5')}
    >
      {figures.map(([label, value, tone]) => (
        <div key={label} className="flex min-w-0 flex-col">
          <dt className="truncate text-xs tracking-wide text-muted-foreground uppercase">{label}</dt>
          <dd className={cn('truncate font-semibold tabular-nums', dense ? 'text-xs' : 'text-sm', tone)}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

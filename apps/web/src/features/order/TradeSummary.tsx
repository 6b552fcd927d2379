import type { Trade } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { useAccountCurrency } from '@/features/money/useMoney';
import { useLiveTrade } from '@/features/trading/liveValuation';
import { useAccountSummaryQuery } from '@/features/trading/queries';
import { cn } from '@/lib/utils';
import { formatAmount, formatOrderPrice, lotsLabel } from './format';

/** A position at a glance, valued live: side, volume, open and current price, floating P/L. */
export function TradeSummary({ trade }: { trade: Trade }) {
  const accountCurrency = useAccountCurrency();
  const currency = useAccountSummaryQuery().data?.currency ?? accountCurrency;
  const live = useLiveTrade(trade, currency);
  const { t } = useTranslation('trade');
  return (
    <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5 rounded-md border bg-muted/40 p-3 text-xs">
      <dt className="text-muted-foreground">{t('summary.position')}</dt>
      <dd className="text-end">
        <span className={cn('font-semibold', trade.trade_type === 'buy' ? 'text-buy' : 'text-sell')}>
          {trade.trade_type === 'buy' ? t('side.buyUpper') : t('side.sellUpper')}
        </span>{' '}
        {t('summary.lotsOf', { lots: lotsLabel(trade.volume), symbol: trade.asset_symbol })}
      </dd>
      <dt className="text-muted-foreground">{t('summary.openPrice')}</dt>
      <dd className="text-end font-mono">{formatOrderPrice(trade.opening_price)}</dd>
      <dt className="text-muted-foreground">{t('summary.currentPrice')}</dt>
      <dd className="text-end font-mono" data-testid="current-price">
        {formatOrderPrice(live.closingPrice)}
      </dd>
      <dt className="text-muted-foreground">{t('summary.profitLoss')}</dt>
      <dd
        className={cn('text-end font-mono', live.pnl > 0 && 'text-buy', live.pnl < 0 && 'text-sell')}
        data-testid="trade-pnl"
      >
        {formatAmount(live.pnl, currency)}
      </dd>
    </dl>
  );
}

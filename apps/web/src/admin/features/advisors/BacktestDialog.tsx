import type { BacktestSummary } from '@openbroker/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { formatDateTime, formatNumber } from '@/i18n/format';
import { EquityCurve } from './EquityCurve';
import { percent, signed } from './format';
import type { AdminAdvisor } from './queries';
import { useRerunBacktest } from './queries';

/** A backtest's figures as a definition list (also used by the catalogue's row summary). */
export function BacktestFigures({ result }: { result: BacktestSummary }) {
  const { t } = useTranslation('admin');
  const net = signed(result.net_profit, 'USD');
  const rows: [string, string, string?][] = [
    [
      t('advisors.backtest.period'),
      t('advisors.backtest.range', { from: formatDateTime(result.from), to: formatDateTime(result.to) }),
    ],
    [t('advisors.backtest.trades'), formatNumber(result.trades)],
    [t('advisors.backtest.winRate'), percent(result.win_rate)],
    [
      t('advisors.backtest.profitFactor'),
      result.profit_factor === null
        ? t('advisors.backtest.noLosingTrade')
        : formatNumber(result.profit_factor, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    ],
    [t('advisors.backtest.maxDrawdown'), percent(result.max_drawdown)],
    [t('advisors.backtest.netProfit'), net.text, net.tone],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
      {rows.map(([term, value, tone]) => (
        <div key={term} className="flex flex-col">
          <dt className="text-muted-foreground text-xs">{term}</dt>
          <dd className={`tabular-nums ${tone ?? ''}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Reruns an advisor's backtest on the platform's own candles as soon as it opens, then shows the
 * figures and the equity curve.
 */
export function BacktestDialog(props: { advisor: AdminAdvisor; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const rerun = useRerunBacktest();
  const started = useRef(false);
  const { mutate } = rerun;
  const id = props.advisor.id;
  useEffect(() => {
    // Once per opening, even under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    mutate(id);
  }, [mutate, id]);
  const result = rerun.data;

  return (
    <Dialog open onOpenChange={(o) => (o ? undefined : props.onClose())}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('advisors.backtest.title', { name: props.advisor.name })}</DialogTitle>
          <DialogDescription>{t('advisors.backtest.description')}</DialogDescription>
        </DialogHeader>
        <div aria-live="polite" className="flex min-h-32 flex-col gap-4">
          {rerun.isPending ? (
            <p className="flex items-center gap-2 text-muted-foreground text-sm">
              <Spinner /> {t('advisors.backtest.running')}
            </p>
          ) : rerun.isError ? (
            <Alert variant="destructive">{apiErrorMessage(rerun.error, t('advisors.backtest.failed'))}</Alert>
          ) : result ? (
            <>
              <BacktestFigures result={result} />
              <EquityCurve points={result.equity} />
            </>
          ) : rerun.isSuccess ? (
            <p className="text-muted-foreground text-sm">{t('advisors.backtest.noCandles')}</p>
          ) : null}
        </div>
        <DialogFooter>
          {rerun.isError ? (
            <Button variant="outline" onClick={() => mutate(id)}>
              {t('advisors.backtest.tryAgain')}
            </Button>
          ) : null}
          <Button onClick={props.onClose}>{t('advisors.backtest.close')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

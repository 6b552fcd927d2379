import { AUTOTRADER_CAPS } from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, ScrollText } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { useRefreshUser } from '@/features/accounts/useRefreshUser';
import { Money } from '@/features/money/Money';
import { advisorRunKeys, autoTraderRun, useAdvisorRuns } from './advisorRuns';
import { stopAutoTrader } from './autotraderApi';
import { AUTOTRADER_MESSAGES, autoTraderLevelText } from './autotraderText';
import { RunDecisionsDialog } from './RunDecisionsDialog';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-lg border bg-background/40 p-3">
      <dt className="text-xs tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="truncate text-base font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * SPEC §4: once staff approved the request the dialog is read-only, 'Auto Trader Active', with
 * the run's level, open trades and P/L today (GET /advisor_runs, kind 'autotrader'). The customer
 * can stop it after confirming.
 */
export function AutoTraderActive({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  const refreshUser = useRefreshUser();
  const runs = useAdvisorRuns();
  const run = autoTraderRun(runs.data ?? []);
  const [confirming, setConfirming] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const stop = useMutation({
    mutationFn: stopAutoTrader,
    onSuccess: async (message) => {
      toast.info(message || AUTOTRADER_MESSAGES.stopped);
      void client.invalidateQueries({ queryKey: advisorRunKeys.all });
      await refreshUser();
      onDone();
    },
    onError: (error) => toast.error(apiErrorMessage(error, AUTOTRADER_MESSAGES.stopFailed)),
  });
  const cap = run?.level ? AUTOTRADER_CAPS[run.level] : null;

  return (
    <div className="flex flex-col gap-4" data-testid="autotrader-active">
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <CircleCheck aria-hidden="true" className="size-5 text-buy" />
          {AUTOTRADER_MESSAGES.active}
        </DialogTitle>
        <DialogDescription>{t('autotrader.activeView.description')}</DialogDescription>
      </DialogHeader>
      {runs.isPending ? (
        <Spinner aria-label={t('autotrader.activeView.loadingFigures')} className="mx-auto size-5" />
      ) : runs.isError ? (
        <Alert variant="destructive" description={t('autotrader.activeView.figuresFailed')}>
          <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={() => void runs.refetch()}>
            {t('autotrader.activeView.retry')}
          </Button>
        </Alert>
      ) : run ? (
        <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          <Figure label={t('autotrader.activeView.riskLevel')}>
            {run.level ? autoTraderLevelText(run.level).label : '—'}
          </Figure>
          <Figure label={t('autotrader.activeView.openTrades')}>
            {run.open_positions}
            {cap !== null ? (
              <span className="text-xs font-normal text-muted-foreground">
                {t('autotrader.activeView.ofAtMost', { cap })}
              </span>
            ) : null}
          </Figure>
          <Figure label={t('autotrader.activeView.pnlToday')}>
            <Money amount={run.pnl_today} currency={run.currency} pnl />
          </Figure>
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">{t('autotrader.activeView.starting')}</p>
      )}
      {run?.level ? (
        <p className="text-xs text-muted-foreground">
          {t('autotrader.activeView.trades', { trades: autoTraderLevelText(run.level).trades })}
        </p>
      ) : null}
      {confirming ? (
        <section
          aria-labelledby="autotrader-stop-title"
          className="rounded-lg border border-sell/40 bg-sell/10 p-3"
        >
          <h3 id="autotrader-stop-title" className="text-sm font-medium">
            {t('autotrader.activeView.stopTitle')}
          </h3>
          <p className="mt-1 text-xs text-muted-foreground">{t('autotrader.activeView.stopText')}</p>
          <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="outline"
              size="sm"
              // Asked to confirm, the keyboard starts on the safe answer.
              autoFocus
              onClick={() => setConfirming(false)}
              disabled={stop.isPending}
            >
              {t('autotrader.activeView.keep')}
            </Button>
            <Button variant="sell" size="sm" onClick={() => stop.mutate()} disabled={stop.isPending}>
              {stop.isPending ? t('autotrader.activeView.stopping') : t('autotrader.activeView.confirmStop')}
            </Button>
          </div>
        </section>
      ) : null}
      <DialogFooter>
        {run ? (
          <Button variant="outline" data-autofocus="" onClick={() => setShowLog(true)}>
            <ScrollText aria-hidden="true" />
            {t('autotrader.activeView.log')}
          </Button>
        ) : null}
        <Button variant="sell" onClick={() => setConfirming(true)} disabled={confirming}>
          {t('autotrader.activeView.stop')}
        </Button>
      </DialogFooter>
      <RunDecisionsDialog run={showLog && run ? run : null} onClose={() => setShowLog(false)} />
    </div>
  );
}

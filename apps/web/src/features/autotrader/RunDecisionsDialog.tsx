import type { RunDecisionDto } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/utils';
import { useRunDecisions } from './advisorRuns';
import { decisionKindText, decisionTime, decisionTone } from './runText';

/** Newest first whatever order the server sent (ids break ties within one instant). */
function newestFirst(decisions: readonly RunDecisionDto[]): RunDecisionDto[] {
  return [...decisions].sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || b.id - a.id);
}

/**
 * A run's decision log (issue 16: "each run keeps a log of decisions"): every signal, order and
 * close, and why a signal was not executed (market closed, not enough margin, a limit reached).
 */
export function RunDecisionsDialog({
  run,
  onClose,
}: {
  run: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('account');
  const query = useRunDecisions(run?.id ?? null);
  return (
    <Dialog open={run !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="flex max-h-[85vh] flex-col sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('autotrader.decisions.title')}</DialogTitle>
          <DialogDescription>
            {t('autotrader.decisions.description', { name: run?.name ?? '' })}
          </DialogDescription>
        </DialogHeader>
        <div className="-mx-2 min-h-0 flex-1 overflow-y-auto px-2">
          {query.isPending ? (
            <Spinner aria-label={t('autotrader.decisions.loading')} className="mx-auto my-6 size-5" />
          ) : query.isError ? (
            <Alert
              variant="destructive"
              description={apiErrorMessage(query.error, t('autotrader.decisions.failed'))}
            >
              <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={() => void query.refetch()}>
                {t('autotrader.decisions.retry')}
              </Button>
            </Alert>
          ) : query.data.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">
              {t('autotrader.decisions.empty')}
            </p>
          ) : (
            <ol aria-label={t('autotrader.decisions.list')} className="flex flex-col divide-y text-sm">
              {newestFirst(query.data).map((d) => (
                <li key={d.id} data-testid="run-decision" className="flex flex-col gap-0.5 py-2">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs">
                    <span className={cn('font-semibold', decisionTone(d.kind))}>
                      {decisionKindText(d.kind)}
                    </span>
                    <time dateTime={d.at} className="text-muted-foreground tabular-nums">
                      {decisionTime(d.at)}
                    </time>
                  </div>
                  <p className="break-words">{d.message}</p>
                  {d.trade_id !== null ? (
                    <p className="text-xs text-muted-foreground">
                      {t('autotrader.decisions.trade', { id: d.trade_id })}
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

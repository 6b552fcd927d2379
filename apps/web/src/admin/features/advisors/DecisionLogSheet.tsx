import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { formatDateTime } from '@/i18n/format';
import { cn } from '@/lib/utils';
import { DetailSheet } from '../deposits/DetailSheet';
import { type AdminRun, useRunDecisions } from './queries';
import { codeLabel, customerOf, decisionLabel, runTitle } from './runText';

const TONES: Record<string, string> = {
  order: 'text-buy',
  close: 'text-foreground',
  skipped: 'text-warning',
  stopped: 'text-sell',
  error: 'text-destructive',
};

const time = (iso: string) =>
  formatDateTime(iso, { dateStyle: 'short', timeStyle: 'medium', timeZone: 'UTC' });

/** A run's decision log, newest first: signals, orders, closes, and why a signal was not executed. */
export function DecisionLogSheet(props: { run: AdminRun; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const query = useRunDecisions(props.run.id);
  const rows = query.data ? [...query.data].sort((a, b) => b.at.localeCompare(a.at)) : undefined;
  return (
    <DetailSheet
      open
      onOpenChange={(o) => (o ? undefined : props.onClose())}
      title={t('advisors.log.title', { run: runTitle(props.run) })}
    >
      <p className="text-muted-foreground text-sm">
        {t('advisors.log.intro', { customer: customerOf(props.run), account: props.run.account_number })}
      </p>
      {query.isLoading ? (
        <p className="flex items-center gap-2 text-muted-foreground text-sm">
          <Spinner /> {t('advisors.log.loading')}
        </p>
      ) : query.error ? (
        <div role="alert" className="flex items-center gap-3 text-destructive text-sm">
          {apiErrorMessage(query.error, t('advisors.log.loadFailed'))}
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {t('table.retry')}
          </Button>
        </div>
      ) : rows && rows.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('advisors.log.empty')}</p>
      ) : (
        <ol className="flex flex-col divide-y rounded-md border" aria-label={t('advisors.log.label')}>
          {(rows ?? []).map((d) => (
            <li key={d.id} className="flex flex-col gap-0.5 px-3 py-2 text-sm">
              <div className="flex flex-wrap items-center gap-x-2 text-xs">
                <time dateTime={d.at} className="text-muted-foreground tabular-nums">
                  {time(d.at)}
                </time>
                <span className={cn('font-medium', TONES[d.kind])}>{decisionLabel(d.kind)}</span>
                {d.code ? <span className="text-muted-foreground">· {codeLabel(d.code)}</span> : null}
                {d.trade_id !== null ? (
                  <span className="text-muted-foreground">
                    · {t('advisors.log.trade', { id: d.trade_id })}
                  </span>
                ) : null}
              </div>
              <p className="break-words">{d.message}</p>
            </li>
          ))}
        </ol>
      )}
    </DetailSheet>
  );
}

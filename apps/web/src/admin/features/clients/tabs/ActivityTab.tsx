import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { formatWhen } from '../format';
import { useClientActivity } from '../queries';

/** The client's timeline, newest first: staff actions (from the audit log), trades, sign-ins. */
export function ActivityTab({ clientId }: { clientId: number }) {
  const { t } = useTranslation('adminClients');
  const [page, setPage] = useState(1);
  const q = useClientActivity(clientId, page);
  if (q.error) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {apiErrorMessage(q.error, t('activity.loadFailed'))}
      </p>
    );
  }
  const meta = q.data?.meta;
  return (
    <div className="flex flex-col gap-3">
      {q.data && q.data.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('activity.none')}</p>
      ) : null}
      <ol className="flex flex-col" aria-busy={q.isFetching}>
        {q.data?.data.map((a) => (
          <li key={a.id} className="flex flex-col gap-0.5 border-s-2 py-2 ps-4 sm:flex-row sm:gap-4">
            <time dateTime={a.at} className="shrink-0 text-muted-foreground text-xs sm:w-40">
              {formatWhen(a.at)}
            </time>
            <span className="shrink-0 text-muted-foreground text-xs uppercase sm:w-28">
              {t(`activity.sources.${a.source}`)}
            </span>
            <span className="text-sm">
              {a.summary}
              {a.actor ? <span className="text-muted-foreground"> — {a.actor.name}</span> : null}
            </span>
          </li>
        ))}
      </ol>
      {meta && meta.last_page > 1 ? (
        <nav
          aria-label={t('activity.pages')}
          className="flex items-center gap-2 text-muted-foreground text-sm"
        >
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('shared.newer')}
          </Button>
          <span>{t('shared.pageOf', { current: meta.current_page, last: meta.last_page })}</span>
          <Button
            size="sm"
            variant="outline"
            disabled={page >= meta.last_page}
            onClick={() => setPage(page + 1)}
          >
            {t('shared.older')}
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

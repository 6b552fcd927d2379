import { useState } from 'react';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { formatWhen } from '../format';
import { useClientActivity } from '../queries';

const SOURCE_LABELS = {
  audit: 'Staff',
  trade_open: 'Trade',
  trade_close: 'Trade',
  login: 'Sign-in',
} as const;

/** The client's timeline, newest first: staff actions (from the audit log), trades, sign-ins. */
export function ActivityTab({ clientId }: { clientId: number }) {
  const [page, setPage] = useState(1);
  const q = useClientActivity(clientId, page);
  if (q.error) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {apiErrorMessage(q.error, 'The activity could not be loaded.')}
      </p>
    );
  }
  const meta = q.data?.meta;
  return (
    <div className="flex flex-col gap-3">
      {q.data && q.data.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">No activity yet.</p>
      ) : null}
      <ol className="flex flex-col" aria-busy={q.isFetching}>
        {q.data?.data.map((a) => (
          <li key={a.id} className="flex flex-col gap-0.5 border-l-2 py-2 pl-4 sm:flex-row sm:gap-4">
            <time dateTime={a.at} className="shrink-0 text-muted-foreground text-xs sm:w-40">
              {formatWhen(a.at)}
            </time>
            <span className="shrink-0 text-muted-foreground text-xs uppercase sm:w-16">
              {SOURCE_LABELS[a.source]}
            </span>
            <span className="text-sm">
              {a.summary}
              {a.actor ? <span className="text-muted-foreground"> — {a.actor.name}</span> : null}
            </span>
          </li>
        ))}
      </ol>
      {meta && meta.last_page > 1 ? (
        <nav aria-label="Activity pages" className="flex items-center gap-2 text-muted-foreground text-sm">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <span>
            Page {meta.current_page} of {meta.last_page}
          </span>
          <Button
            size="sm"
            variant="outline"
            disabled={page >= meta.last_page}
            onClick={() => setPage(page + 1)}
          >
            Older
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

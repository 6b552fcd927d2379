import { PERSONAL_FIELD_LABELS, type PersonalVersion } from '@openbroker/domain';
import { Spinner } from '@/components/ui/Spinner';
import { displayValue } from './formValues';
import { usePersonalVersions } from './personalApi';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function VersionItem({ v }: { v: PersonalVersion }) {
  return (
    <li className="flex flex-col gap-1 border-b py-3 last:border-b-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium">Version {v.version}</span>
        <span className="text-xs text-muted-foreground">
          <time dateTime={v.created_at}>{when.format(new Date(v.created_at))}</time> ·{' '}
          {v.by === 'customer' ? 'changed by you' : 'approved by staff'}
        </span>
      </div>
      <ul className="flex flex-col gap-0.5 text-sm text-muted-foreground">
        {v.changes.map((c) => (
          <li key={c.field} className="break-words">
            {PERSONAL_FIELD_LABELS[c.field]}: {displayValue(c.field, c.before)} →{' '}
            {displayValue(c.field, c.after)}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** Every kept version of the customer's personal information, newest first. */
export function VersionHistory() {
  const versions = usePersonalVersions();
  return (
    <section
      aria-labelledby="personal-history"
      className="flex flex-col gap-2 rounded-xl border bg-card p-4 sm:p-6"
    >
      <h2 id="personal-history" className="text-sm font-semibold">
        History
      </h2>
      {versions.isPending ? (
        <Spinner />
      ) : versions.isError ? (
        <p className="text-sm text-destructive">The history could not be loaded.</p>
      ) : versions.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No changes yet.</p>
      ) : (
        <ol>
          {versions.data.map((v) => (
            <VersionItem key={v.version} v={v} />
          ))}
        </ol>
      )}
    </section>
  );
}

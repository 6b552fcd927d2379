import type { PersonalVersion } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/Spinner';
import { formatDateTime } from '@/i18n/format';
import { displayValue, fieldLabel } from './formValues';
import { usePersonalVersions } from './personalApi';

function VersionItem({ v }: { v: PersonalVersion }) {
  const { t } = useTranslation('account');
  return (
    <li className="flex flex-col gap-1 border-b py-3 last:border-b-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <h3 className="font-medium">{t('personal.history.version', { version: v.version })}</h3>
        <span className="text-xs text-muted-foreground">
          <time dateTime={v.created_at}>{formatDateTime(v.created_at)}</time> ·{' '}
          {v.by === 'customer' ? t('personal.history.byCustomer') : t('personal.history.byStaff')}
        </span>
      </div>
      <ul className="flex flex-col gap-0.5 text-sm text-muted-foreground">
        {v.changes.map((c) => (
          <li key={c.field} className="break-words">
            {t('personal.change', {
              field: fieldLabel(c.field),
              before: displayValue(c.field, c.before),
              after: displayValue(c.field, c.after),
            })}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** Every kept version of the customer's personal information, newest first. */
export function VersionHistory() {
  const { t } = useTranslation('account');
  const versions = usePersonalVersions();
  return (
    <section
      aria-labelledby="personal-history"
      className="flex flex-col gap-2 rounded-xl border bg-card p-4 sm:p-6"
    >
      <h2 id="personal-history" className="text-sm font-semibold">
        {t('personal.history.title')}
      </h2>
      {versions.isPending ? (
        <Spinner />
      ) : versions.isError ? (
        <p className="text-sm text-destructive">{t('personal.history.failed')}</p>
      ) : versions.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('personal.history.empty')}</p>
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

import { STATEMENT_MAX_DAYS, statementPeriod, type TradingAccount } from '@openbroker/domain';
import { Download, FileText } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { Spinner } from '@/components/ui/Spinner';
import { FormField } from '@/features/auth/FormField';
import { i18n } from '@/i18n/i18n';
import { StatementView } from './StatementView';
import { type StatementPeriod, statementFileUrl, tradesExportUrl, useStatement } from './statementsApi';
import { thisMonth } from './thisMonth';

/**
 * Statements on the accounts page: any period of any account, shown here (computed by the server
 * from the ledger) or downloaded as CSV or PDF, and the period's trades as CSV. Downloads are
 * plain links, so the browser saves what the server sends with the session cookie.
 */
export function StatementSection({
  accounts,
  defaultAccountId,
}: {
  accounts: readonly TradingAccount[];
  defaultAccountId?: number | undefined;
}) {
  const { t } = useTranslation('money');
  const id = useId();
  const [draft, setDraft] = useState<StatementPeriod>(() => ({
    accountId: defaultAccountId ?? accounts[0]?.id ?? 0,
    ...thisMonth(),
  }));
  const [shown, setShown] = useState<StatementPeriod | null>(null);
  const statement = useStatement(shown);
  const check = statementPeriod(draft.from, draft.to);
  const error = check.ok ? null : { field: check.field, message: periodMessage(draft, check.field) };

  function view(e: FormEvent) {
    e.preventDefault();
    if (check.ok) setShown(draft);
  }

  const linkClass = 'h-9';
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {t('statements.title')}
      </h2>
      <form
        noValidate
        onSubmit={view}
        className="grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
      >
        <FormField id={`${id}-account`} label={t('statements.account')}>
          <NativeSelect
            id={`${id}-account`}
            value={draft.accountId}
            onChange={(e) => setDraft({ ...draft, accountId: Number(e.target.value) })}
          >
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.title} · {a.number} · {a.currency}
                {a.type === 'demo' ? ` (${t('accounts.type.demo')})` : ''}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id={`${id}-from`}
          label={t('statements.from')}
          error={error?.field === 'from' ? error.message : undefined}
        >
          <Input
            id={`${id}-from`}
            type="date"
            value={draft.from}
            aria-invalid={error?.field === 'from' ? true : undefined}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </FormField>
        <FormField
          id={`${id}-to`}
          label={t('statements.to')}
          error={error?.field === 'to' ? error.message : undefined}
        >
          <Input
            id={`${id}-to`}
            type="date"
            value={draft.to}
            aria-invalid={error?.field === 'to' ? true : undefined}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </FormField>
        <Button type="submit" className="sm:mt-6" disabled={!check.ok}>
          <FileText aria-hidden="true" />
          {t('statements.view')}
        </Button>
        {check.ok ? (
          <div className="flex flex-wrap gap-2 sm:col-span-4">
            <Button asChild variant="outline" size="sm" className={linkClass}>
              <a href={statementFileUrl(draft, 'csv')} download>
                <Download aria-hidden="true" />
                {t('statements.downloadCsv')}
              </a>
            </Button>
            <Button asChild variant="outline" size="sm" className={linkClass}>
              <a href={statementFileUrl(draft, 'pdf')} download>
                <Download aria-hidden="true" />
                {t('statements.downloadPdf')}
              </a>
            </Button>
            <Button asChild variant="outline" size="sm" className={linkClass}>
              <a href={tradesExportUrl(draft)} download>
                <Download aria-hidden="true" />
                {t('statements.exportTrades')}
              </a>
            </Button>
          </div>
        ) : null}
      </form>
      {shown === null ? null : statement.isPending ? (
        <Spinner className="self-center" />
      ) : statement.isError ? (
        <Alert
          variant="destructive"
          description={apiErrorMessage(statement.error, t('statements.loadFailed'))}
        />
      ) : (
        <StatementView statement={statement.data} />
      )}
    </section>
  );
}

/** Why the period cannot be shown, in the reader's language (the domain decides which field). */
function periodMessage(period: StatementPeriod, field: 'from' | 'to'): string {
  const start = new Date(`${period.from}T00:00:00Z`);
  const last = new Date(`${period.to}T00:00:00Z`);
  if (field === 'from' || Number.isNaN(last.getTime())) return i18n.t('money:statements.errors.date');
  if (last < start) return i18n.t('money:statements.errors.order');
  return i18n.t('money:statements.errors.tooLong', { count: STATEMENT_MAX_DAYS });
}

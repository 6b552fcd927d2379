import { statementPeriod, type TradingAccount } from '@openbroker/domain';
import { Download, FileText } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { Spinner } from '@/components/ui/Spinner';
import { FormField } from '@/features/auth/FormField';
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
  const id = useId();
  const [draft, setDraft] = useState<StatementPeriod>(() => ({
    accountId: defaultAccountId ?? accounts[0]?.id ?? 0,
    ...thisMonth(),
  }));
  const [shown, setShown] = useState<StatementPeriod | null>(null);
  const statement = useStatement(shown);
  const check = statementPeriod(draft.from, draft.to);
  const error = check.ok ? null : check;

  function view(e: FormEvent) {
    e.preventDefault();
    if (check.ok) setShown(draft);
  }

  const linkClass = 'h-9';
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        Statements
      </h2>
      <form
        noValidate
        onSubmit={view}
        className="grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
      >
        <FormField id={`${id}-account`} label="Account">
          <NativeSelect
            id={`${id}-account`}
            value={draft.accountId}
            onChange={(e) => setDraft({ ...draft, accountId: Number(e.target.value) })}
          >
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.title} · {a.number} · {a.currency}
                {a.type === 'demo' ? ' (Demo)' : ''}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={`${id}-from`} label="From" error={error?.field === 'from' ? error.message : undefined}>
          <Input
            id={`${id}-from`}
            type="date"
            value={draft.from}
            aria-invalid={error?.field === 'from' ? true : undefined}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </FormField>
        <FormField id={`${id}-to`} label="To" error={error?.field === 'to' ? error.message : undefined}>
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
          View
        </Button>
        {check.ok ? (
          <div className="flex flex-wrap gap-2 sm:col-span-4">
            <Button asChild variant="outline" size="sm" className={linkClass}>
              <a href={statementFileUrl(draft, 'csv')} download>
                <Download aria-hidden="true" />
                Download CSV
              </a>
            </Button>
            <Button asChild variant="outline" size="sm" className={linkClass}>
              <a href={statementFileUrl(draft, 'pdf')} download>
                <Download aria-hidden="true" />
                Download PDF
              </a>
            </Button>
            <Button asChild variant="outline" size="sm" className={linkClass}>
              <a href={tradesExportUrl(draft)} download>
                <Download aria-hidden="true" />
                Export trades (CSV)
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
          description={apiErrorMessage(statement.error, 'Unable to load the statement.')}
        />
      ) : (
        <StatementView statement={statement.data} />
      )}
    </section>
  );
}

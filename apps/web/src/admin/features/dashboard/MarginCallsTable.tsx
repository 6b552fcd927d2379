import type { MarginCallRow } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCents, formatPercent } from '@/i18n/format';

const money = (cents: number, currency: string) => formatCents(cents, currency);

/** Accounts at or below their plan's margin-call level, the lowest level first. */
export function MarginCallsTable({ rows }: { rows: MarginCallRow[] }) {
  const { t } = useTranslation('admin');
  if (rows.length === 0) {
    return (
      <p className="rounded-md border p-6 text-center text-muted-foreground text-sm">
        {t('dashboard.marginCalls.empty')}
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-md border">
      <table
        className="w-full text-sm"
        aria-label={t('dashboard.marginCalls.label')}
        data-testid="margin-calls-table"
      >
        <thead className="bg-muted/40 text-start text-muted-foreground text-xs uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('dashboard.marginCalls.client')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('dashboard.marginCalls.account')}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-medium">
              {t('dashboard.marginCalls.equity')}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-medium">
              {t('dashboard.marginCalls.margin')}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-medium">
              {t('dashboard.marginCalls.marginLevel')}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-medium">
              {t('dashboard.marginCalls.levels')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.account_id} className="border-t" data-testid="margin-call-row">
              <td className="whitespace-nowrap px-3 py-2">
                <Link to={`/admin/clients/${r.user_id}`} className="font-medium text-primary hover:underline">
                  {r.name}
                </Link>
                <div className="text-muted-foreground text-xs">{r.email}</div>
              </td>
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">{r.account_number}</td>
              <td className="whitespace-nowrap px-3 py-2 text-end tabular-nums">
                {money(r.equity_cents, r.currency)}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-end tabular-nums">
                {money(r.margin_cents, r.currency)}
              </td>
              <td
                className={`whitespace-nowrap px-3 py-2 text-end font-medium tabular-nums ${r.margin_level <= r.stop_out_level ? 'text-sell' : 'text-warning'}`}
              >
                {formatPercent(r.margin_level)}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-end text-muted-foreground tabular-nums">
                {formatPercent(r.margin_call_level)} / {formatPercent(r.stop_out_level)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

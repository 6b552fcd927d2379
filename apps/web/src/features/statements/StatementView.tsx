import { STATEMENT_GROUPS, type Statement } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { AccountTypeBadge } from '@/features/accounts/AccountTypeBadge';
import { formatAmount } from '@/features/money/convert';
import { formatDateTime } from '@/i18n/format';
import { cn } from '@/lib/utils';

function tone(amount: number) {
  return amount > 0 ? 'text-buy' : amount < 0 ? 'text-sell' : undefined;
}

/**
 * A statement as the server computed it from the ledger: opening balance, the period's movements
 * by kind, closing balance, and every entry with the running balance. All in the account's own
 * currency, never converted.
 */
export function StatementView({ statement: s }: { statement: Statement }) {
  const { t } = useTranslation('money');
  const money = (n: number, signed = false) => formatAmount(n, s.account.currency, { signed });
  return (
    <div className="flex flex-col gap-4" data-testid="statement">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold">
          {s.account.title} · {s.account.number} · {s.account.currency}
        </span>
        <AccountTypeBadge type={s.account.type} detail />
        <span className="text-muted-foreground">{t('statements.period', { from: s.from, to: s.to })}</span>
      </div>
      <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1.5 rounded-xl border bg-card p-4 text-sm sm:max-w-md">
        <dt className="font-medium">{t('statements.opening')}</dt>
        <dd data-total="opening_balance" className="text-end font-medium tabular-nums">
          {money(s.opening_balance)}
        </dd>
        {STATEMENT_GROUPS.map((g) => (
          <div key={g} className="contents">
            <dt className="text-muted-foreground">{t(`statements.groups.${g}`)}</dt>
            <dd data-total={g} className={cn('text-end tabular-nums', tone(s[g]))}>
              {money(s[g], true)}
            </dd>
          </div>
        ))}
        <div className="col-span-2 grid grid-cols-subgrid border-t pt-1.5">
          <dt className="font-semibold">{t('statements.closing')}</dt>
          <dd data-total="closing_balance" className="text-end font-semibold tabular-nums">
            {money(s.closing_balance)}
          </dd>
        </div>
      </dl>
      {s.entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('statements.empty')}</p>
      ) : (
        <section
          aria-label={t('statements.entries')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          className="overflow-x-auto rounded-xl border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <table className="w-full min-w-[36rem] text-sm">
            <caption className="sr-only">{t('statements.entries')}</caption>
            <thead className="bg-muted/40 text-start text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t('statements.date')}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t('statements.description')}
                </th>
                <th scope="col" className="px-3 py-2 text-end font-medium">
                  {t('deposit.history.amount')}
                </th>
                <th scope="col" className="px-3 py-2 text-end font-medium">
                  {t('statements.balance')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {s.entries.map((e) => (
                <tr key={e.id} data-testid="statement-entry">
                  <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">
                    {formatDateTime(e.at, { dateStyle: 'medium', timeStyle: 'short' })}
                  </td>
                  <td className="px-3 py-2">{e.description}</td>
                  <td className={cn('px-3 py-2 text-end tabular-nums', tone(e.amount))}>
                    {money(e.amount, true)}
                  </td>
                  <td className="px-3 py-2 text-end tabular-nums">{money(e.balance)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

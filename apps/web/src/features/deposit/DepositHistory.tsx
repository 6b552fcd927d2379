import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { formatAmount } from '@/features/money/convert';
import { formatDateTime } from '@/i18n/format';
import { displayTimeZone } from '@/stores/preferencesStore';
import { DepositStatusBadge } from './DepositStatusBadge';
import { depositAmountText, depositSourceText } from './depositAmount';
import { Pager } from './Pager';
import { useDeposits } from './queries';
import { SandboxBadge } from './SandboxBadge';

/** Every deposit of the customer, newest first, a page at a time; live while any is in flight. */
export function DepositHistory() {
  const { t } = useTranslation('money');
  const [page, setPage] = useState(1);
  const when = (iso: string) =>
    formatDateTime(iso, { dateStyle: 'medium', timeStyle: 'short', timeZone: displayTimeZone() });
  const query = useDeposits({ page });
  const deposits = query.data?.data ?? [];
  return (
    <section aria-labelledby="deposit-history" className="flex flex-col gap-3">
      <h2 id="deposit-history" className="text-base font-semibold">
        {t('deposit.history.title')}
      </h2>
      {query.isError ? (
        <Alert
          variant="destructive"
          description={apiErrorMessage(query.error, t('deposit.history.loadFailed'))}
        />
      ) : query.isPending ? (
        <Spinner />
      ) : deposits.length === 0 ? (
        <p className="rounded-xl border bg-card px-4 py-6 text-center text-sm text-muted-foreground">
          {t('deposit.history.empty')}
        </p>
      ) : (
        // At phone width the time and fee fold under the method and amount instead of scrolling.
        <div className="rounded-xl border bg-card">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('deposit.history.caption')}</caption>
            <thead className="text-start text-xs text-muted-foreground">
              <tr className="border-b">
                <th scope="col" className="hidden px-3 py-2 text-start font-medium md:table-cell">
                  {t('deposit.history.time')}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t('deposit.history.method')}
                </th>
                <th scope="col" className="px-3 py-2 text-end font-medium">
                  {t('deposit.history.amount')}
                </th>
                <th scope="col" className="hidden px-3 py-2 text-end font-medium md:table-cell">
                  {t('deposit.history.fee')}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t('deposit.history.status')}
                </th>
              </tr>
            </thead>
            <tbody>
              {deposits.map((d) => (
                <tr key={d.id} className="border-b align-top last:border-0" data-testid="deposit-row">
                  <td className="hidden px-3 py-2 whitespace-nowrap text-muted-foreground md:table-cell">
                    {when(d.created_at)}
                  </td>
                  <td className="px-3 py-2">
                    <span className="flex flex-wrap items-center gap-1.5">
                      {depositSourceText(d)}
                      {d.sandbox ? <SandboxBadge detail={false} /> : null}
                    </span>
                    <span className="block text-xs text-muted-foreground md:hidden">
                      {when(d.created_at)}
                    </span>
                  </td>
                  <td className="px-3 py-2 text-end tabular-nums">
                    {depositAmountText(d)}
                    <span className="block text-xs text-muted-foreground md:hidden">
                      {t('deposit.history.feeInline', { fee: formatAmount(d.fee, d.currency) })}
                    </span>
                  </td>
                  <td className="hidden px-3 py-2 text-end tabular-nums md:table-cell">
                    {formatAmount(d.fee, d.currency)}
                  </td>
                  <td className="px-3 py-2">
                    <DepositStatusBadge deposit={d} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        page={page}
        lastPage={query.data?.meta.last_page ?? 1}
        onPage={setPage}
        label={t('deposit.history.pages')}
      />
    </section>
  );
}

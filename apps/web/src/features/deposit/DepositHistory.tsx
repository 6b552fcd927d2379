import { useState } from 'react';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { formatAmount } from '@/features/money/convert';
import { formatDateTime } from '@/features/settings/formatTime';
import { DepositStatusBadge } from './DepositStatusBadge';
import { depositAmountText, depositSourceText } from './depositAmount';
import { Pager } from './Pager';
import { useDeposits } from './queries';
import { SandboxBadge } from './SandboxBadge';

/** Every deposit of the customer, newest first, a page at a time; live while any is in flight. */
export function DepositHistory() {
  const [page, setPage] = useState(1);
  const query = useDeposits({ page });
  const deposits = query.data?.data ?? [];
  return (
    <section aria-labelledby="deposit-history" className="flex flex-col gap-3">
      <h2 id="deposit-history" className="text-base font-semibold">
        Deposit history
      </h2>
      {query.isError ? (
        <Alert
          variant="destructive"
          description={apiErrorMessage(query.error, 'Unable to load your deposits.')}
        />
      ) : query.isPending ? (
        <Spinner />
      ) : deposits.length === 0 ? (
        <p className="rounded-xl border bg-card px-4 py-6 text-center text-sm text-muted-foreground">
          No deposits yet.
        </p>
      ) : (
        // At phone width the time and fee fold under the method and amount instead of scrolling.
        <div className="rounded-xl border bg-card">
          <table className="w-full text-sm">
            <caption className="sr-only">Deposits, newest first</caption>
            <thead className="text-left text-xs text-muted-foreground">
              <tr className="border-b">
                <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
                  Time
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Method
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="hidden px-3 py-2 text-right font-medium md:table-cell">
                  Fee
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {deposits.map((d) => (
                <tr key={d.id} className="border-b align-top last:border-0" data-testid="deposit-row">
                  <td className="hidden px-3 py-2 whitespace-nowrap text-muted-foreground md:table-cell">
                    {formatDateTime(d.created_at)}
                  </td>
                  <td className="px-3 py-2">
                    <span className="flex flex-wrap items-center gap-1.5">
                      {depositSourceText(d)}
                      {d.sandbox ? <SandboxBadge detail={false} /> : null}
                    </span>
                    <span className="block text-xs text-muted-foreground md:hidden">
                      {formatDateTime(d.created_at)}
                    </span>
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {depositAmountText(d)}
                    <span className="block text-xs text-muted-foreground md:hidden">
                      Fee {formatAmount(d.fee, d.currency)}
                    </span>
                  </td>
                  <td className="hidden px-3 py-2 text-right tabular-nums md:table-cell">
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
        label="Deposit history pages"
      />
    </section>
  );
}

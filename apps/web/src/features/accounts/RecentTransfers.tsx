import type { TradingAccount } from '@openbroker/domain';
import { ArrowRight } from 'lucide-react';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { formatAmount } from '@/features/money/convert';
import { useTransfers } from './queries';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The latest transfers between the customer's accounts, each leg in its own account's currency. */
export function RecentTransfers({ accounts }: { accounts: readonly TradingAccount[] }) {
  const transfers = useTransfers(1);
  const numberOf = (id: number) => accounts.find((a) => a.id === id)?.number ?? `#${id}`;
  return (
    <section aria-labelledby="recent-transfers" className="flex flex-col gap-3">
      <h2 id="recent-transfers" className="text-base font-semibold">
        Recent transfers
      </h2>
      {transfers.isPending ? (
        <Spinner className="self-center" />
      ) : transfers.isError ? (
        <Alert
          variant="destructive"
          description={apiErrorMessage(transfers.error, 'Unable to load your transfers.')}
        />
      ) : transfers.data.data.length === 0 ? (
        <p className="rounded-xl border bg-card px-4 py-6 text-center text-sm text-muted-foreground">
          No transfers yet
        </p>
      ) : (
        <ul className="flex flex-col divide-y rounded-xl border bg-card" aria-label="Recent transfers">
          {transfers.data.data.map((t) => (
            <li
              key={t.id}
              data-testid="transfer-row"
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm"
            >
              <span className="flex items-center gap-2 tabular-nums">
                {numberOf(t.from_account_id)}
                <ArrowRight className="size-3.5 text-muted-foreground" aria-label="to" />
                {numberOf(t.to_account_id)}
              </span>
              <span className="flex flex-col items-end tabular-nums">
                <span className="font-medium">
                  {formatAmount(-t.from_amount, t.from_currency)} →{' '}
                  {formatAmount(t.to_amount, t.to_currency, { signed: true })}
                </span>
                <span className="text-xs text-muted-foreground">
                  {t.from_currency !== t.to_currency ? `at ${t.rate.toFixed(5)} · ` : ''}
                  {when.format(new Date(t.created_at))}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

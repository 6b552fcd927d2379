import { useState } from 'react';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { Pager } from '@/features/deposit/Pager';
import { formatAmount } from '@/features/money/convert';
import { formatDateTime } from '@/features/settings/formatTime';
import { CancelWithdrawalButton } from './CancelWithdrawalButton';
import { useWithdrawals } from './queries';
import { WITHDRAWAL_METHOD_LABELS, withdrawalReason, withdrawalStatusText } from './withdrawalStatus';

/** The customer's withdrawals, newest first: state, fee, why refused, and Cancel while allowed. */
export function WithdrawalList() {
  const [page, setPage] = useState(1);
  const query = useWithdrawals(page);
  const list = query.data?.data ?? [];
  return (
    <section aria-labelledby="withdrawal-list" className="flex flex-col gap-3">
      <h2 id="withdrawal-list" className="text-base font-semibold">
        Your withdrawals
      </h2>
      {query.isError ? (
        <Alert
          variant="destructive"
          description={apiErrorMessage(query.error, 'Unable to load your withdrawals.')}
        />
      ) : query.isPending ? (
        <Spinner />
      ) : list.length === 0 ? (
        <p className="rounded-xl border bg-card px-4 py-6 text-center text-sm text-muted-foreground">
          No withdrawals yet.
        </p>
      ) : (
        <ul className="flex flex-col divide-y rounded-xl border bg-card">
          {list.map((w) => {
            const reason = withdrawalReason(w);
            return (
              <li
                key={w.id}
                className="flex flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center"
                data-testid="withdrawal-row"
              >
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="font-semibold tabular-nums">{formatAmount(w.amount, w.currency)}</span>
                  <span className="truncate text-xs text-muted-foreground">
                    {WITHDRAWAL_METHOD_LABELS[w.method]} · {w.destination}
                  </span>
                  <span className="text-xs text-muted-foreground tabular-nums">
                    Fee {formatAmount(w.fee, w.currency)} · Total {formatAmount(w.total, w.currency)} ·{' '}
                    {formatDateTime(w.created_at)}
                  </span>
                </div>
                <div className="flex flex-col gap-1 sm:items-end">
                  <span className="font-medium" data-testid="withdrawal-status">
                    {withdrawalStatusText(w)}
                  </span>
                  {reason ? <span className="text-xs text-destructive">{reason}</span> : null}
                </div>
                {w.cancellable ? <CancelWithdrawalButton withdrawal={w} /> : null}
              </li>
            );
          })}
        </ul>
      )}
      <Pager
        page={page}
        lastPage={query.data?.meta.last_page ?? 1}
        onPage={setPage}
        label="Withdrawal pages"
      />
    </section>
  );
}

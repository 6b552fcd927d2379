import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { Pager } from '@/features/deposit/Pager';
import { formatAmount } from '@/features/money/convert';
import { formatDateTime } from '@/i18n/format';
import { displayTimeZone } from '@/stores/preferencesStore';
import { CancelWithdrawalButton } from './CancelWithdrawalButton';
import { useWithdrawals } from './queries';
import { withdrawalMethodLabel, withdrawalReason, withdrawalStatusText } from './withdrawalStatus';

/** The customer's withdrawals, newest first: state, fee, why refused, and Cancel while allowed. */
export function WithdrawalList() {
  const { t } = useTranslation('money');
  const [page, setPage] = useState(1);
  const query = useWithdrawals(page);
  const list = query.data?.data ?? [];
  return (
    <section aria-labelledby="withdrawal-list" className="flex flex-col gap-3">
      <h2 id="withdrawal-list" className="text-base font-semibold">
        {t('withdrawal.list.title')}
      </h2>
      {query.isError ? (
        <Alert
          variant="destructive"
          description={apiErrorMessage(query.error, t('withdrawal.list.loadFailed'))}
        />
      ) : query.isPending ? (
        <Spinner />
      ) : list.length === 0 ? (
        <p className="rounded-xl border bg-card px-4 py-6 text-center text-sm text-muted-foreground">
          {t('withdrawal.list.empty')}
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
                    {withdrawalMethodLabel(w.method)} · {w.destination}
                  </span>
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {t('withdrawal.list.fees', {
                      fee: formatAmount(w.fee, w.currency),
                      total: formatAmount(w.total, w.currency),
                    })}{' '}
                    ·{' '}
                    {formatDateTime(w.created_at, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                      timeZone: displayTimeZone(),
                    })}
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
        label={t('withdrawal.list.pages')}
      />
    </section>
  );
}

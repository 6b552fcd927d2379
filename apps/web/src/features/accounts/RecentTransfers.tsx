import type { TradingAccount } from '@openbroker/domain';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { formatAmount } from '@/features/money/convert';
import { formatDateTime, formatNumber } from '@/i18n/format';
import { useTransfers } from './queries';

/** The latest transfers between the customer's accounts, each leg in its own account's currency. */
export function RecentTransfers({ accounts }: { accounts: readonly TradingAccount[] }) {
  const { t } = useTranslation('money');
  const transfers = useTransfers(1);
  const numberOf = (id: number) => accounts.find((a) => a.id === id)?.number ?? `#${id}`;
  return (
    <section aria-labelledby="recent-transfers" className="flex flex-col gap-3">
      <h2 id="recent-transfers" className="text-base font-semibold">
        {t('accounts.transfers.title')}
      </h2>
      {transfers.isPending ? (
        <Spinner className="self-center" />
      ) : transfers.isError ? (
        <Alert
          variant="destructive"
          description={apiErrorMessage(transfers.error, t('accounts.transfers.loadFailed'))}
        />
      ) : transfers.data.data.length === 0 ? (
        <p className="rounded-xl border bg-card px-4 py-6 text-center text-sm text-muted-foreground">
          {t('accounts.transfers.empty')}
        </p>
      ) : (
        <ul
          className="flex flex-col divide-y rounded-xl border bg-card"
          aria-label={t('accounts.transfers.title')}
        >
          {transfers.data.data.map((tr) => (
            <li
              key={tr.id}
              data-testid="transfer-row"
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm"
            >
              <span className="flex items-center gap-2 tabular-nums">
                {numberOf(tr.from_account_id)}
                <ArrowRight
                  className="size-3.5 text-muted-foreground rtl:rotate-180"
                  role="img"
                  aria-label={t('accounts.transfers.to')}
                />
                {numberOf(tr.to_account_id)}
              </span>
              <span className="flex flex-col items-end tabular-nums">
                <span className="font-medium" dir="ltr">
                  {formatAmount(-tr.from_amount, tr.from_currency)} →{' '}
                  {formatAmount(tr.to_amount, tr.to_currency, { signed: true })}
                </span>
                <span className="text-xs text-muted-foreground">
                  {tr.from_currency !== tr.to_currency
                    ? `${t('accounts.transfers.rate', {
                        rate: formatNumber(tr.rate, { minimumFractionDigits: 5, maximumFractionDigits: 5 }),
                      })} · `
                    : ''}
                  {formatDateTime(tr.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

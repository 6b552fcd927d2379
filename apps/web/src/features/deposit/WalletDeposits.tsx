import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { formatDateTime } from '@/i18n/format';
import { displayTimeZone } from '@/stores/preferencesStore';
import { DepositStatusBadge } from './DepositStatusBadge';
import { depositAmountText } from './depositAmount';
import { useDeposits } from './queries';

/** The transfers seen to one address, live while any is still confirming. */
export function WalletDeposits({ walletId }: { walletId: number }) {
  const { t } = useTranslation('money');
  const query = useDeposits({ page: 1, method: 'crypto', walletId }, true);
  const deposits = (query.data?.data ?? []).filter((d) => d.wallet_id === walletId);
  return (
    <section aria-labelledby="wallet-deposits" className="flex flex-col gap-2">
      <h3 id="wallet-deposits" className="text-sm font-semibold">
        {t('deposit.wallet.transfersTitle')}
      </h3>
      {query.isError ? (
        <Alert
          variant="destructive"
          description={apiErrorMessage(query.error, t('deposit.wallet.transfersFailed'))}
        />
      ) : query.isPending ? (
        <Spinner />
      ) : deposits.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('deposit.wallet.transfersEmpty')}</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-xl border bg-card">
          {deposits.map((d) => (
            <li
              key={d.id}
              className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
              data-testid="wallet-deposit"
            >
              <span className="flex flex-col">
                <span className="font-medium tabular-nums">{depositAmountText(d)}</span>
                <span className="text-xs text-muted-foreground">
                  {formatDateTime(d.created_at, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                    timeZone: displayTimeZone(),
                  })}
                </span>
              </span>
              <DepositStatusBadge deposit={d} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

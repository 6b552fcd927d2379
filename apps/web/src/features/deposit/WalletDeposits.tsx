import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { formatDateTime } from '@/features/settings/formatTime';
import { DepositStatusBadge } from './DepositStatusBadge';
import { depositAmountText } from './depositAmount';
import { useDeposits } from './queries';

/** The transfers seen to one address, live while any is still confirming. */
export function WalletDeposits({ walletId }: { walletId: number }) {
  const query = useDeposits({ page: 1, method: 'crypto', walletId }, true);
  const deposits = (query.data?.data ?? []).filter((d) => d.wallet_id === walletId);
  return (
    <section aria-labelledby="wallet-deposits" className="flex flex-col gap-2">
      <h3 id="wallet-deposits" className="text-sm font-semibold">
        Transfers to this address
      </h3>
      {query.isError ? (
        <Alert
          variant="destructive"
          description={apiErrorMessage(query.error, 'Unable to load the transfers.')}
        />
      ) : query.isPending ? (
        <Spinner />
      ) : deposits.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nothing has arrived yet. Transfers appear here as soon as they are seen on the network.
        </p>
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
                <span className="text-xs text-muted-foreground">{formatDateTime(d.created_at)}</span>
              </span>
              <DepositStatusBadge deposit={d} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import type { Wallet } from '@openbroker/domain';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { CopyButton } from './CopyButton';
import { DepositQrCode } from './DepositQrCode';
import { coinSlug, cryptoLabel, DEFAULT_DEPOSIT_CRYPTO } from './depositMethods';
import { useWallet } from './queries';
import { SandboxBadge } from './SandboxBadge';
import { SandboxTransferForm } from './SandboxTransferForm';
import { WalletDeposits } from './WalletDeposits';

/** `/main/deposit/:crypto/:walletId`: the customer's own address, its QR code and what arrived. */
export function CryptoWalletPage() {
  const { crypto = DEFAULT_DEPOSIT_CRYPTO, walletId = '' } = useParams();
  const id = /^\d{1,15}$/.test(walletId) ? Number(walletId) : null;
  const query = useWallet(id);
  const wallet = query.data;
  return (
    <div className="flex flex-col gap-4">
      <Link
        to={`/main/deposit/${wallet ? coinSlug(wallet.coin) : crypto}`}
        className="flex items-center gap-1 self-start text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Choose another coin or network
      </Link>
      <h2 className="text-base font-semibold">{wallet ? wallet.coin : cryptoLabel(crypto)} deposit</h2>
      {id === null ? (
        <Alert variant="destructive" description="This deposit address does not exist." />
      ) : query.isError ? (
        <Alert
          variant="destructive"
          description={apiErrorMessage(query.error, 'Unable to load this address.')}
        />
      ) : !wallet ? (
        <Spinner />
      ) : (
        <WalletDetails wallet={wallet} />
      )}
    </div>
  );
}

function WalletDetails({ wallet }: { wallet: Wallet }) {
  return (
    <>
      <div className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:flex-row">
        <DepositQrCode
          value={wallet.payment_uri}
          alt={`QR code of your ${wallet.coin} deposit address ${wallet.address}`}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">
              {wallet.coin} on {wallet.network_label}
            </span>
            {wallet.sandbox ? <SandboxBadge /> : null}
          </div>
          <div className="flex flex-col gap-1">
            <span className="text-xs text-muted-foreground">Your deposit address</span>
            <div className="flex items-start gap-2">
              <code
                className="min-w-0 flex-1 rounded-md bg-muted px-2 py-1.5 font-mono text-sm break-all"
                data-testid="wallet-address"
              >
                {wallet.address}
              </code>
              <CopyButton value={wallet.address} label="Address" />
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Minimum deposit</dt>
            <dd className="text-right tabular-nums">
              {wallet.min_deposit} {wallet.coin}
            </dd>
            <dt className="text-muted-foreground">Confirmations</dt>
            <dd className="text-right tabular-nums">{wallet.confirmations} confirmations needed</dd>
          </dl>
        </div>
      </div>
      <Alert
        variant="warning"
        title={`Send only ${wallet.coin} on ${wallet.network_label} to this address`}
        description={`Other coins or networks cannot be credited and may be lost. Amounts below ${wallet.min_deposit} ${wallet.coin} are not credited. Your account is credited at the rate when the transfer has ${wallet.confirmations} confirmations.`}
      />
      {wallet.sandbox ? <SandboxTransferForm wallet={wallet} /> : null}
      <WalletDeposits walletId={wallet.id} />
    </>
  );
}

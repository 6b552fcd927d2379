import type { Wallet } from '@openbroker/domain';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('money');
  const id = /^\d{1,15}$/.test(walletId) ? Number(walletId) : null;
  const query = useWallet(id);
  const wallet = query.data;
  return (
    <div className="flex flex-col gap-4">
      <Link
        to={`/main/deposit/${wallet ? coinSlug(wallet.coin) : crypto}`}
        className="flex items-center gap-1 self-start rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" /> {t('deposit.wallet.back')}
      </Link>
      <h2 className="text-base font-semibold">
        {t('deposit.crypto.title', { coin: wallet ? wallet.coin : cryptoLabel(crypto) })}
      </h2>
      {id === null ? (
        <Alert variant="destructive" description={t('deposit.wallet.notFound')} />
      ) : query.isError ? (
        <Alert
          variant="destructive"
          description={apiErrorMessage(query.error, t('deposit.wallet.loadFailed'))}
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
  const { t } = useTranslation('money');
  return (
    <>
      <div className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:flex-row">
        <DepositQrCode
          value={wallet.payment_uri}
          alt={t('deposit.wallet.qrAlt', { coin: wallet.coin, address: wallet.address })}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">
              {t('deposit.wallet.coinOn', { coin: wallet.coin, network: wallet.network_label })}
            </span>
            {wallet.sandbox ? <SandboxBadge /> : null}
          </div>
          <div className="flex flex-col gap-1">
            <span className="text-xs text-muted-foreground">{t('deposit.wallet.address')}</span>
            <div className="flex items-start gap-2">
              <code
                className="min-w-0 flex-1 rounded-md bg-muted px-2 py-1.5 font-mono text-sm break-all"
                data-testid="wallet-address"
              >
                {wallet.address}
              </code>
              <CopyButton value={wallet.address} label={t('deposit.wallet.addressShort')} />
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t('deposit.crypto.minimum')}</dt>
            <dd className="text-end tabular-nums">
              {wallet.min_deposit} {wallet.coin}
            </dd>
            <dt className="text-muted-foreground">{t('deposit.crypto.confirmations')}</dt>
            <dd className="text-end tabular-nums">
              {t('deposit.wallet.confirmationsNeeded', { count: wallet.confirmations })}
            </dd>
          </dl>
        </div>
      </div>
      <Alert
        variant="warning"
        title={t('deposit.wallet.warningTitle', { coin: wallet.coin, network: wallet.network_label })}
        description={t('deposit.wallet.warningText', {
          minimum: `${wallet.min_deposit} ${wallet.coin}`,
          count: wallet.confirmations,
        })}
      />
      {wallet.sandbox ? <SandboxTransferForm wallet={wallet} /> : null}
      <WalletDeposits walletId={wallet.id} />
    </>
  );
}

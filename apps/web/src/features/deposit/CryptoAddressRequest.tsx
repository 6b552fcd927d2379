import type { CryptoCoin, TradingAccount } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiErrorMessage } from '@/api/errors';
import { createWallet } from '@/api/payments';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { coinSlug } from './depositMethods';
import { SandboxBadge } from './SandboxBadge';

/** The network for a coin, what it takes, and "Show my address" (made once, then the same). */
export function CryptoAddressRequest({ coin, account }: { coin: CryptoCoin; account: TradingAccount }) {
  const { t } = useTranslation('money');
  const id = useId();
  const navigate = useNavigate();
  const networks = coin.networks.filter((n) => n.enabled);
  const [chosen, setChosen] = useState(networks[0]?.network ?? '');
  const network = networks.find((n) => n.network === chosen) ?? networks[0];
  const show = useMutation({
    mutationFn: () =>
      createWallet({ coin: coin.coin, network: network?.network ?? '', account_id: account.id }),
    onSuccess: (wallet) => navigate(`/main/deposit/${coinSlug(coin.coin)}/${wallet.id}`),
  });

  if (!network) return <Alert description={t('deposit.crypto.coinUnavailable', { coin: coin.name })} />;
  return (
    <div className="flex max-w-md flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-network`}>{t('deposit.crypto.network')}</Label>
        <NativeSelect
          id={`${id}-network`}
          value={network.network}
          onChange={(e) => setChosen(e.target.value)}
        >
          {networks.map((n) => (
            <option key={n.network} value={n.network}>
              {n.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t('deposit.crypto.minimum')}</dt>
        <dd className="text-end tabular-nums">
          {network.min_deposit} {coin.coin}
        </dd>
        <dt className="text-muted-foreground">{t('deposit.crypto.confirmations')}</dt>
        <dd className="text-end tabular-nums">
          {t('deposit.crypto.needed', { count: network.confirmations })}
        </dd>
      </dl>
      {network.sandbox ? <SandboxBadge /> : null}
      {show.isError ? (
        <Alert
          variant="destructive"
          description={apiErrorMessage(show.error, t('deposit.crypto.addressFailed'))}
        />
      ) : null}
      <Button className="self-start" disabled={show.isPending} onClick={() => show.mutate()}>
        {show.isPending ? t('deposit.crypto.gettingAddress') : t('deposit.crypto.showAddress')}
      </Button>
    </div>
  );
}

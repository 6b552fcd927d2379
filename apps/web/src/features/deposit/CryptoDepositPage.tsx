import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { CoinPicker } from './CoinPicker';
import { CryptoAddressRequest } from './CryptoAddressRequest';
import { cryptoLabel, DEFAULT_DEPOSIT_CRYPTO, findCoin } from './depositMethods';
import { useDepositMethods } from './queries';
import { useLiveAccount } from './useLiveAccount';

/** `/main/deposit/:crypto`: choose a coin and a network, then get an address of your own. */
export function CryptoDepositPage() {
  const { crypto = DEFAULT_DEPOSIT_CRYPTO } = useParams();
  const { t } = useTranslation('money');
  const account = useLiveAccount();
  const methods = useDepositMethods(account?.id ?? null);
  const coins = methods.data?.crypto.coins ?? [];
  const coin = findCoin(coins, crypto);

  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-base font-semibold">
        {t('deposit.crypto.title', { coin: coin ? coin.coin : cryptoLabel(crypto) })}
      </h2>
      {!account ? null : methods.isPending ? (
        <Spinner />
      ) : methods.isError ? (
        <Alert
          variant="destructive"
          description={apiErrorMessage(methods.error, t('deposit.crypto.loadFailed'))}
        />
      ) : !methods.data.crypto.enabled || coins.length === 0 ? (
        <Alert description={t('deposit.crypto.unavailable')} />
      ) : (
        <>
          <CoinPicker coins={coins} current={coin?.coin} />
          {coin ? (
            <CryptoAddressRequest key={coin.coin} coin={coin} account={account} />
          ) : (
            <Alert description={t('deposit.crypto.unknownCoin', { coin: cryptoLabel(crypto) })} />
          )}
        </>
      )}
    </div>
  );
}

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
  const account = useLiveAccount();
  const methods = useDepositMethods(account?.id ?? null);
  const coins = methods.data?.crypto.coins ?? [];
  const coin = findCoin(coins, crypto);

  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-base font-semibold">{coin ? coin.coin : cryptoLabel(crypto)} deposit</h2>
      {!account ? null : methods.isPending ? (
        <Spinner />
      ) : methods.isError ? (
        <Alert
          variant="destructive"
          description={apiErrorMessage(methods.error, 'Unable to load crypto deposits.')}
        />
      ) : !methods.data.crypto.enabled || coins.length === 0 ? (
        <Alert description="Crypto deposits are not available at the moment." />
      ) : (
        <>
          <CoinPicker coins={coins} current={coin?.coin} />
          {coin ? (
            <CryptoAddressRequest key={coin.coin} coin={coin} account={account} />
          ) : (
            <Alert
              description={`We do not take ${cryptoLabel(crypto)} deposits. Choose one of the coins above.`}
            />
          )}
        </>
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CardDepositForm } from './CardDepositForm';
import { CardReturnStatus } from './CardReturnStatus';
import { useLiveAccount } from './useLiveAccount';

/** `/main/deposit/card`; the hosted page sends the customer back with `?deposit=<id>`. */
export function CardDepositPage() {
  const { t } = useTranslation('money');
  const account = useLiveAccount();
  const [params] = useSearchParams();
  const returned = Number(params.get('deposit'));
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-base font-semibold">{t('deposit.card.title')}</h2>
      {Number.isInteger(returned) && returned > 0 ? <CardReturnStatus id={returned} /> : null}
      {account ? <CardDepositForm account={account} /> : null}
    </div>
  );
}

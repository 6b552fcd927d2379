import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/PageHeading';
import { LiveAccountOnly } from '@/features/deposit/LiveAccountOnly';
import { WithdrawalForm } from './WithdrawalForm';
import { WithdrawalList } from './WithdrawalList';

/** `/main/withdrawal` (SPEC §1): request a withdrawal from the selected live account; follow it. */
export function WithdrawalPage() {
  const { t } = useTranslation('money');
  return (
    <section className="flex flex-col gap-5">
      <div>
        <PageHeading title={t('withdrawal.title')} />
        <p className="text-sm text-muted-foreground">{t('withdrawal.intro')}</p>
      </div>
      <LiveAccountOnly action="withdraw">
        {(account) => (
          <>
            <WithdrawalForm key={account.id} account={account} />
            <WithdrawalList />
          </>
        )}
      </LiveAccountOnly>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { formatAmount } from '@/features/money/convert';
import { depositReason, depositStatusText } from './depositStatus';
import { useDeposit } from './queries';

/**
 * Back from the hosted payment page (`?deposit=<id>`): the deposit's state, asked again until the
 * provider's callback has settled it. The page's own return says nothing: only the callback counts.
 */
export function CardReturnStatus({ id }: { id: number }) {
  const { t } = useTranslation('money');
  const query = useDeposit(id);
  if (query.isError) {
    return (
      <Alert
        variant="destructive"
        description={apiErrorMessage(query.error, t('deposit.card.returnLoadFailed'))}
      />
    );
  }
  const d = query.data;
  if (!d) return <Spinner aria-label={t('deposit.card.returnLoading')} />;
  const amount = formatAmount(d.amount, d.currency);
  if (d.status === 'completed') {
    return (
      <Alert
        variant="success"
        title={t('deposit.card.receivedTitle')}
        description={t('deposit.card.receivedText', {
          amount: formatAmount(d.net_amount, d.currency),
          account: d.account_number,
        })}
      />
    );
  }
  if (d.status === 'pending' || d.status === 'confirming') {
    return (
      <Alert title={t('deposit.card.waitingTitle')}>
        <span role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner aria-label={t('deposit.card.checking')} />{' '}
          {t('deposit.card.waitingText', { amount, status: depositStatusText(d).toLowerCase() })}
        </span>
      </Alert>
    );
  }
  const reason = depositReason(d);
  return (
    <Alert
      variant="destructive"
      title={t('deposit.card.failedTitle', { status: depositStatusText(d).toLowerCase() })}
      description={
        reason ? t('deposit.card.failedReason', { amount, reason }) : t('deposit.card.failedText', { amount })
      }
    />
  );
}

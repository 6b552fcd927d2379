import type { TradingAccount } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/api/errors';
import { createDeposit } from '@/api/payments';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { useIdempotencyKey } from '@/lib/useIdempotencyKey';
import { DepositAmountForm } from './DepositAmountForm';
import { goToHostedPage } from './hostedPage';
import { useDepositMethods } from './queries';
import { SandboxBadge } from './SandboxBadge';

/** The card amount form: submitting opens a checkout and sends the browser to its hosted page. */
export function CardDepositForm({ account }: { account: TradingAccount }) {
  const { t } = useTranslation('money');
  const methods = useDepositMethods(account.id);
  const idempotency = useIdempotencyKey();
  const start = useMutation({
    mutationFn: async (amount: number) => {
      const body = { method: 'card' as const, account_id: account.id, amount };
      const deposit = await createDeposit(body, idempotency.keyFor(body));
      idempotency.done();
      if (!deposit.redirect_url || !goToHostedPage(deposit.redirect_url)) {
        throw new Error(t('deposit.card.pageFailed'));
      }
      return deposit;
    },
  });

  if (methods.isPending) return <Spinner />;
  if (methods.isError) {
    return (
      <Alert
        variant="destructive"
        description={apiErrorMessage(methods.error, t('deposit.card.loadFailed'))}
      />
    );
  }
  const card = methods.data.card;
  if (!card.enabled) {
    return <Alert description={t('deposit.card.unavailable', { currency: account.currency })} />;
  }
  return (
    <div className="flex flex-col gap-3">
      {card.sandbox ? <SandboxBadge /> : null}
      <p className="text-sm text-muted-foreground">{t('deposit.card.intro')}</p>
      <DepositAmountForm
        limits={card}
        currency={account.currency}
        submitLabel={t('deposit.card.submit')}
        pendingLabel={t('deposit.card.pending')}
        pending={start.isPending || start.isSuccess}
        error={start.error}
        onSubmit={(amount) => start.mutate(amount)}
      />
    </div>
  );
}

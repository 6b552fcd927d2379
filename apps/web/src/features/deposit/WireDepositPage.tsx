import type { TradingAccount } from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorMessage } from '@/api/errors';
import { createDeposit } from '@/api/payments';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { useIdempotencyKey } from '@/lib/useIdempotencyKey';
import { BankDetails } from './BankDetails';
import { DepositAmountForm } from './DepositAmountForm';
import { PendingWires } from './PendingWires';
import { depositKeys, useDepositMethods } from './queries';
import { SandboxBadge } from './SandboxBadge';
import { useLiveAccount } from './useLiveAccount';

/** `/main/deposit/wire`: pay into the broker's bank, announce it, upload the confirmation. */
export function WireDepositPage() {
  const { t } = useTranslation('money');
  const account = useLiveAccount();
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-base font-semibold">{t('deposit.wire.title')}</h2>
      {account ? <WireDeposit account={account} /> : null}
    </div>
  );
}

function WireDeposit({ account }: { account: TradingAccount }) {
  const { t } = useTranslation('money');
  const methods = useDepositMethods(account.id);
  const client = useQueryClient();
  const idempotency = useIdempotencyKey();
  const announce = useMutation({
    mutationFn: (amount: number) => {
      const body = { method: 'wire' as const, account_id: account.id, amount };
      return createDeposit(body, idempotency.keyFor(body));
    },
    onSuccess: () => {
      idempotency.done();
      toast.success(t('deposit.wire.announced'));
      void client.invalidateQueries({ queryKey: depositKeys.all });
    },
  });

  if (methods.isPending) return <Spinner />;
  if (methods.isError) {
    return (
      <Alert
        variant="destructive"
        description={apiErrorMessage(methods.error, t('deposit.wire.loadFailed'))}
      />
    );
  }
  const wire = methods.data.wire;
  if (!wire.enabled) {
    return <Alert description={t('deposit.wire.unavailable', { currency: account.currency })} />;
  }
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="flex flex-col gap-3">
        {wire.sandbox ? <SandboxBadge /> : null}
        <p className="text-sm text-muted-foreground">
          {t('deposit.wire.intro', { currency: account.currency })}
        </p>
        <BankDetails wire={wire} />
      </div>
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">{t('deposit.wire.announceTitle')}</h3>
          <DepositAmountForm
            key={announce.isSuccess ? `sent-${announce.data.id}` : 'new'}
            limits={wire}
            currency={account.currency}
            submitLabel={t('deposit.wire.announce')}
            pendingLabel={t('deposit.wire.announcing')}
            pending={announce.isPending}
            error={announce.error}
            onSubmit={(amount) => announce.mutate(amount)}
          />
        </div>
        <PendingWires />
      </div>
    </div>
  );
}

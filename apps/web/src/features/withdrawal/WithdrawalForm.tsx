import type { TradingAccount, WithdrawalOptions } from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import { createWithdrawal } from '@/api/payments';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { formatAmount } from '@/features/money/convert';
import { useIdempotencyKey } from '@/lib/useIdempotencyKey';
import { useSessionStore } from '@/stores/sessionStore';
import { CardRefundNote } from './CardRefundNote';
import { DestinationFields } from './DestinationFields';
import { MethodChoice } from './MethodChoice';
import { useWithdrawalOptions, withdrawalKeys } from './queries';
import { TextField } from './TextField';
import { WithdrawalSummary } from './WithdrawalSummary';
import { buildWithdrawal, EMPTY_WITHDRAWAL, parseAmount, type WithdrawalFormValues } from './withdrawalForm';

/** The request form: what can be withdrawn, how, the fee and the total, before submitting. */
export function WithdrawalForm({ account }: { account: TradingAccount }) {
  const { t } = useTranslation('money');
  const options = useWithdrawalOptions(account.id);
  if (options.isPending) return <Spinner />;
  if (options.isError) {
    return (
      <Alert
        variant="destructive"
        description={apiErrorMessage(options.error, t('withdrawal.form.loadFailed'))}
      />
    );
  }
  return <WithdrawalRequest options={options.data} />;
}

function WithdrawalRequest({ options }: { options: WithdrawalOptions }) {
  const { t } = useTranslation('money');
  const client = useQueryClient();
  const idempotency = useIdempotencyKey();
  const methods = options.methods.filter((m) => m.enabled);
  // The bank account must be in the customer's own name: start from it.
  const holder = useSessionStore((s) => (s.user ? `${s.user.first_name} ${s.user.last_name}`.trim() : ''));
  const fresh = (method_key: string) => ({ ...EMPTY_WITHDRAWAL, method_key, holder });
  const form = useForm<WithdrawalFormValues>({ defaultValues: fresh(methods[0]?.key ?? '') });
  const values = form.watch();
  const method = methods.find((m) => m.key === values.method_key);
  const amount = parseAmount(values.amount);
  const c = options.currency;

  const request = useMutation({
    mutationFn: (body: Parameters<typeof createWithdrawal>[0]) =>
      createWithdrawal(body, idempotency.keyFor(body)),
    onSuccess: (w) => {
      idempotency.done();
      toast.success(t('withdrawal.form.requested', { amount: formatAmount(w.amount, w.currency) }));
      form.reset(fresh(form.getValues('method_key')));
      void client.invalidateQueries({ queryKey: withdrawalKeys.all });
    },
    onError: (error) => {
      // What was withdrawable may have changed (another request, a trade): ask again.
      void client.invalidateQueries({ queryKey: withdrawalKeys.options(options.account_id) });
      for (const [field, messages] of Object.entries(apiFieldErrors(error))) {
        const name = field === 'network' ? 'coin' : field;
        if (name in EMPTY_WITHDRAWAL)
          form.setError(name as keyof WithdrawalFormValues, { message: messages[0] });
      }
    },
  });
  const serverFields = apiFieldErrors(request.error);

  if (methods.length === 0) return <Alert description={t('withdrawal.form.unavailable')} />;

  function submit(v: WithdrawalFormValues) {
    const built = buildWithdrawal(v, options);
    if (!built.ok) {
      for (const [field, message] of Object.entries(built.errors)) {
        form.setError(field as keyof WithdrawalFormValues, { message });
      }
      return;
    }
    request.mutate(built.body);
  }

  const errors = form.formState.errors;
  return (
    <form noValidate className="flex max-w-2xl flex-col gap-5" onSubmit={form.handleSubmit(submit)}>
      <div className="rounded-xl border bg-card p-4">
        <p className="text-xs text-muted-foreground">{t('withdrawal.form.available')}</p>
        <p className="text-2xl font-semibold tabular-nums" data-testid="withdrawable">
          {formatAmount(options.withdrawable, c)}
        </p>
        <p className="text-xs text-muted-foreground">{t('withdrawal.form.availableHint')}</p>
      </div>
      <MethodChoice
        methods={methods}
        selected={values.method_key}
        error={errors.method_key?.message}
        field={form.register('method_key')}
      />
      {method ? <DestinationFields method={method} register={form.register} errors={errors} /> : null}
      {method?.method === 'card' ? <CardRefundNote options={options} amount={amount} /> : null}
      <TextField
        id="withdrawal-amount"
        label={t('deposit.amount.label', { currency: c })}
        inputMode="decimal"
        autoComplete="off"
        hint={
          method && method.min_amount > 0
            ? t('withdrawal.form.minimum', { amount: formatAmount(method.min_amount, c) })
            : undefined
        }
        error={errors.amount?.message}
        {...form.register('amount')}
      />
      <WithdrawalSummary
        amount={amount}
        method={method}
        currency={c}
        threshold={options.two_level_threshold}
      />
      {request.isError && Object.keys(serverFields).length === 0 ? (
        <Alert
          variant="destructive"
          description={apiErrorMessage(request.error, t('withdrawal.form.failed'))}
        />
      ) : null}
      <Button type="submit" className="self-start" disabled={request.isPending}>
        {request.isPending ? t('withdrawal.form.pending') : t('withdrawal.form.submit')}
      </Button>
    </form>
  );
}

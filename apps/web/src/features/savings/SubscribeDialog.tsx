import { zodResolver } from '@hookform/resolvers/zod';
import { type SavingsProduct, type SubscribeSavings, subscribeSavingsSchema } from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import { subscribeSavings } from '@/api/savings';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/Dialog';
import { Input } from '@/components/ui/Input';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { useRefreshUser } from '@/features/accounts/useRefreshUser';
import { errorA11y, FormField } from '@/features/auth/FormField';
import { formatAmount } from '@/features/money/convert';
import { i18n } from '@/i18n/i18n';
import { useIdempotencyKey } from '@/lib/useIdempotencyKey';
import { useSessionStore } from '@/stores/sessionStore';
import { savingsKeys } from './queries';
import { formatRate, formatTerm, yearlyInterestEstimate } from './savingsFormat';

type Values = Omit<SubscribeSavings, 'product_id'>;
const FIELDS = ['account_id', 'amount'] as const;

/** The product's own limits checked before sending (the server checks them again). */
function formSchema(product: SavingsProduct) {
  return subscribeSavingsSchema.omit({ product_id: true }).superRefine((v, ctx) => {
    if (v.amount < product.min_amount) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: i18n.t('money:deposit.limits.minimum', {
          amount: formatAmount(product.min_amount, product.currency),
        }),
      });
    }
    if (product.max_amount !== null && v.amount > product.max_amount) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: i18n.t('money:deposit.limits.maximum', {
          amount: formatAmount(product.max_amount, product.currency),
        }),
      });
    }
  });
}

/**
 * Subscribe to a savings product from a live account in the product's currency. The interest
 * shown is an estimate; the server accrues it daily at the product's rate.
 */
export function SubscribeDialog({ product, onClose }: { product: SavingsProduct; onClose: () => void }) {
  const { t } = useTranslation('money');
  const id = useId();
  const client = useQueryClient();
  const refreshUser = useRefreshUser();
  const { keyFor, done } = useIdempotencyKey();
  const allAccounts = useSessionStore((s) => s.user?.accounts);
  const accounts = useMemo(
    () => (allAccounts ?? []).filter((a) => a.type === 'live' && a.currency === product.currency),
    [allAccounts, product.currency],
  );
  const schema = useMemo(() => formSchema(product), [product]);
  const form = useForm<Values>({ resolver: zodResolver(schema) });
  const mutation = useMutation({
    mutationFn: ({ body, key }: { body: SubscribeSavings; key: string }) => subscribeSavings(body, key),
    onSuccess: async (position) => {
      done();
      toast.success(
        t('savings.subscribe.done', {
          amount: formatAmount(position.principal, position.currency),
          name: product.name,
        }),
      );
      void client.invalidateQueries({ queryKey: savingsKeys.all });
      await refreshUser();
      onClose();
    },
    onError: (error) => {
      for (const [field, messages] of Object.entries(apiFieldErrors(error))) {
        const known = FIELDS.find((f) => f === field);
        if (known) form.setError(known, { message: messages[0] });
      }
    },
  });
  const amount = form.watch('amount');
  const errors = form.formState.errors;
  const fieldError = Object.keys(apiFieldErrors(mutation.error)).length > 0;
  const estimate =
    Number.isFinite(amount) && amount > 0 ? yearlyInterestEstimate(amount, product.annual_rate) : null;

  function submit(values: Values) {
    const body: SubscribeSavings = { product_id: product.id, ...values };
    mutation.mutate({ body, key: keyFor(body) });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit(submit)}>
          <DialogHeader>
            <DialogTitle>{t('savings.subscribe.title', { name: product.name })}</DialogTitle>
            <DialogDescription>
              {t('savings.subscribe.summary', {
                rate: formatRate(product.annual_rate),
                term: formatTerm(product),
                minimum: formatAmount(product.min_amount, product.currency),
              })}{' '}
              {product.kind === 'fixed'
                ? t('savings.subscribe.fixedNote')
                : t('savings.subscribe.flexibleNote')}
            </DialogDescription>
          </DialogHeader>
          {accounts.length === 0 ? (
            <Alert
              variant="warning"
              description={
                <Trans
                  t={t}
                  i18nKey="savings.subscribe.needAccount"
                  values={{ currency: product.currency }}
                  components={{ link: <Link to="/main/accounts" className="underline" /> }}
                />
              }
            />
          ) : null}
          {mutation.isError && !fieldError ? (
            <Alert
              variant="destructive"
              description={apiErrorMessage(mutation.error, t('savings.subscribe.failed'))}
            />
          ) : null}
          <FormField
            id={`${id}-account`}
            label={t('savings.subscribe.fromAccount')}
            error={errors.account_id?.message}
          >
            <NativeSelect
              id={`${id}-account`}
              disabled={accounts.length === 0}
              // The first account as the DOM's own default: the form reads it as a number on mount.
              defaultValue={accounts[0]?.id}
              {...errorA11y(`${id}-account`, errors.account_id)}
              {...form.register('account_id', { valueAsNumber: true })}
            >
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.title} · {a.number} · {formatAmount(a.balance, a.currency)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField
            id={`${id}-amount`}
            label={t('deposit.amount.label', { currency: product.currency })}
            error={errors.amount?.message}
          >
            <Input
              id={`${id}-amount`}
              type="number"
              inputMode="decimal"
              min={product.min_amount}
              step="0.01"
              disabled={accounts.length === 0}
              {...errorA11y(`${id}-amount`, errors.amount)}
              {...form.register('amount', { valueAsNumber: true })}
            />
          </FormField>
          {estimate !== null ? (
            <p
              className="rounded-md border bg-muted/40 p-3 text-sm"
              data-testid="interest-estimate"
              aria-live="polite"
            >
              <Trans
                t={t}
                i18nKey="savings.subscribe.estimate"
                values={{ amount: formatAmount(estimate, product.currency) }}
                components={{ figure: <span className="font-semibold tabular-nums" /> }}
              />
              <span className="block text-xs text-muted-foreground">
                {t('savings.subscribe.estimateNote')}
              </span>
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={mutation.isPending || accounts.length === 0}>
              {mutation.isPending ? t('savings.subscribe.pending') : t('savings.products.subscribe')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { type SavingsProduct, type SubscribeSavings, subscribeSavingsSchema } from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
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
        message: `The minimum is ${formatAmount(product.min_amount, product.currency)}`,
      });
    }
    if (product.max_amount !== null && v.amount > product.max_amount) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: `The maximum is ${formatAmount(product.max_amount, product.currency)}`,
      });
    }
  });
}

/**
 * Subscribe to a savings product from a live account in the product's currency. The interest
 * shown is an estimate; the server accrues it daily at the product's rate.
 */
export function SubscribeDialog({ product, onClose }: { product: SavingsProduct; onClose: () => void }) {
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
      toast.success(`${formatAmount(position.principal, position.currency)} placed in ${product.name}`);
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
            <DialogTitle>Subscribe: {product.name}</DialogTitle>
            <DialogDescription>
              {formatRate(product.annual_rate)} · {formatTerm(product)} · minimum{' '}
              {formatAmount(product.min_amount, product.currency)}.
              {product.kind === 'fixed'
                ? ' A fixed term can be redeemed once it has matured.'
                : ' Redeem at any time.'}
            </DialogDescription>
          </DialogHeader>
          {accounts.length === 0 ? (
            <Alert
              variant="warning"
              description={
                <>
                  This product is in {product.currency}: you need a live {product.currency} account.{' '}
                  <Link to="/main/accounts" className="underline">
                    Open one on the accounts page
                  </Link>
                  .
                </>
              }
            />
          ) : null}
          {mutation.isError && !fieldError ? (
            <Alert
              variant="destructive"
              description={apiErrorMessage(mutation.error, 'The subscription failed.')}
            />
          ) : null}
          <FormField id={`${id}-account`} label="From account" error={errors.account_id?.message}>
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
            label={`Amount (${product.currency})`}
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
              Expected interest ≈{' '}
              <span className="font-semibold tabular-nums">{formatAmount(estimate, product.currency)}</span> a
              year
              <span className="block text-xs text-muted-foreground">
                An estimate at today's rate; interest accrues daily and is paid when you redeem.
              </span>
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.isPending || accounts.length === 0}>
              {mutation.isPending ? 'Subscribing…' : 'Subscribe'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

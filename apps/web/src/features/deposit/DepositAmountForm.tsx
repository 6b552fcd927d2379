import { zodResolver } from '@hookform/resolvers/zod';
import { moneyAmountSchema } from '@openbroker/domain';
import { type ReactNode, useEffect, useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { formatAmount } from '@/features/money/convert';
import { formatPercent } from '@/i18n/format';
import { type FeeRule, limitError, quoteFee } from './feeQuote';

export interface AmountLimits extends FeeRule {
  min_amount: number;
  max_amount: number | null;
}

interface Props {
  limits: AmountLimits;
  currency: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The last failed submission, shown at the field or above the button. */
  error: unknown;
  onSubmit: (amount: number) => void;
  children?: ReactNode;
}

/**
 * An amount with the method's limits, fee and what will be credited, all shown before submitting.
 * The checks use the same numbers the server sent; the server checks again and has the last word.
 */
export function DepositAmountForm({
  limits,
  currency,
  submitLabel,
  pendingLabel,
  pending,
  error,
  onSubmit,
  children,
}: Props) {
  const { t } = useTranslation('money');
  const id = useId();
  const schema = useMemo(
    () =>
      z.object({
        amount: moneyAmountSchema.superRefine((amount, ctx) => {
          const broken = limitError(amount, limits.min_amount, limits.max_amount, currency);
          if (broken) ctx.addIssue({ code: 'custom', message: broken });
        }),
      }),
    [limits, currency],
  );
  const form = useForm<{ amount: number }>({ resolver: zodResolver(schema) });
  const amount = form.watch('amount');
  const valid = Number.isFinite(amount) && amount > 0;
  const quote = valid ? quoteFee(amount, limits) : null;

  const fieldErrors = apiFieldErrors(error);
  useEffect(() => {
    const message = fieldErrors.amount?.[0];
    if (message) form.setError('amount', { message });
  }, [fieldErrors.amount, form]);
  const fieldError = form.formState.errors.amount?.message;

  const range =
    limits.max_amount === null
      ? t('deposit.amount.rangeOpen', { min: formatAmount(limits.min_amount, currency) })
      : t('deposit.amount.range', {
          min: formatAmount(limits.min_amount, currency),
          max: formatAmount(limits.max_amount, currency),
        });
  const feeRule = [
    limits.fee_percent > 0 ? formatPercent(limits.fee_percent) : null,
    limits.fee_fixed > 0 ? formatAmount(limits.fee_fixed, currency) : null,
  ]
    .filter(Boolean)
    .join(' + ');

  return (
    <form
      noValidate
      className="flex max-w-md flex-col gap-4"
      onSubmit={form.handleSubmit((v) => onSubmit(v.amount))}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-amount`}>{t('deposit.amount.label', { currency })}</Label>
        <Input
          id={`${id}-amount`}
          type="number"
          inputMode="decimal"
          step="0.01"
          min={limits.min_amount}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${id}-limits${fieldError ? ` ${id}-error` : ''}`}
          {...form.register('amount', { valueAsNumber: true })}
        />
        <p id={`${id}-limits`} className="text-xs text-muted-foreground">
          {range} ·{' '}
          {feeRule === '' ? t('deposit.amount.feeNone') : t('deposit.amount.feeRule', { rule: feeRule })}
        </p>
        {fieldError ? (
          <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
            {fieldError}
          </p>
        ) : null}
      </div>
      <dl
        className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg border bg-muted/30 px-4 py-3 text-sm"
        aria-live="polite"
      >
        <dt className="text-muted-foreground">{t('deposit.amount.fee')}</dt>
        <dd className="text-end tabular-nums" data-testid="quote-fee">
          {quote ? formatAmount(quote.fee, currency) : '—'}
        </dd>
        <dt className="text-muted-foreground">{t('deposit.amount.receive')}</dt>
        <dd className="text-end font-semibold tabular-nums" data-testid="quote-net">
          {quote ? formatAmount(quote.net, currency) : '—'}
        </dd>
      </dl>
      {children}
      {error && !fieldErrors.amount ? (
        <Alert variant="destructive" description={apiErrorMessage(error, t('deposit.amount.failed'))} />
      ) : null}
      <Button type="submit" className="self-start" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}

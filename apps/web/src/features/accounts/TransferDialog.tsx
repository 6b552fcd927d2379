import { zodResolver } from '@hookform/resolvers/zod';
import { type TradingAccount, type TransferRequest, transferRequestSchema } from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { createTransfer } from '@/api/accounts';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
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
import { errorA11y, FormField } from '@/features/auth/FormField';
import { formatAmount } from '@/features/money/convert';
import { useIdempotencyKey } from '@/lib/useIdempotencyKey';
import { accountKeys } from './queries';
import { TransferQuoteLine } from './TransferQuoteLine';
import { useRefreshUser } from './useRefreshUser';

const FIELDS = ['from_account_id', 'to_account_id', 'amount'] as const;

interface TransferDialogProps {
  /** The customer's live accounts (demo money never moves to or from real money). */
  accounts: readonly TradingAccount[];
  /** The account to send from first (the selected one when it is live). */
  fromId?: number | undefined;
  onClose: () => void;
}

/** "Transfer between accounts": live to live, converted at the live rate, shown before sending. */
export function TransferDialog({ accounts, fromId, onClose }: TransferDialogProps) {
  const { t } = useTranslation('money');
  const id = useId();
  const client = useQueryClient();
  const refreshUser = useRefreshUser();
  const { keyFor, done } = useIdempotencyKey();
  const first = accounts.find((a) => a.id === fromId) ?? accounts[0];
  const second = accounts.find((a) => a.id !== first?.id);
  const form = useForm<TransferRequest>({
    resolver: zodResolver(transferRequestSchema),
  });
  const mutation = useMutation({
    mutationFn: ({ body, key }: { body: TransferRequest; key: string }) => createTransfer(body, key),
    onSuccess: async (transfer) => {
      // A new submission after this one is another transfer: it gets a new key.
      done();
      const to = accounts.find((a) => a.id === transfer.to_account_id);
      toast.success(
        t('accounts.transfer.done', {
          sent: formatAmount(transfer.from_amount, transfer.from_currency),
          received: formatAmount(transfer.to_amount, transfer.to_currency),
          account: to?.number ?? t('accounts.transfer.otherAccount'),
        }),
      );
      void client.invalidateQueries({ queryKey: accountKeys.allTransfers });
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
  const [fromValue, toValue, amount] = form.watch(['from_account_id', 'to_account_id', 'amount']);
  // Until a choice is made the form may not have read the selects' defaults yet.
  const from = accounts.find((a) => a.id === (fromValue ?? first?.id));
  const to = accounts.find((a) => a.id === (toValue ?? second?.id));
  const errors = form.formState.errors;
  const fieldError = Object.keys(apiFieldErrors(mutation.error)).length > 0;

  const accountOptions = accounts.map((a) => (
    <option key={a.id} value={a.id}>
      {a.title} · {a.number} · {formatAmount(a.balance, a.currency)}
    </option>
  ));

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={form.handleSubmit((body) => mutation.mutate({ body, key: keyFor(body) }))}
        >
          <DialogHeader>
            <DialogTitle>{t('accounts.transfer.title')}</DialogTitle>
            <DialogDescription>{t('accounts.transfer.description')}</DialogDescription>
          </DialogHeader>
          {mutation.isError && !fieldError ? (
            <Alert
              variant="destructive"
              description={apiErrorMessage(mutation.error, t('accounts.transfer.failed'))}
            />
          ) : null}
          <FormField id={`${id}-from`} label={t('statements.from')} error={errors.from_account_id?.message}>
            <NativeSelect
              id={`${id}-from`}
              // The first choice as the DOM's own default: the form reads it as a number on mount.
              defaultValue={first?.id}
              {...errorA11y(`${id}-from`, errors.from_account_id)}
              {...form.register('from_account_id', { valueAsNumber: true })}
            >
              {accountOptions}
            </NativeSelect>
          </FormField>
          <FormField id={`${id}-to`} label={t('statements.to')} error={errors.to_account_id?.message}>
            <NativeSelect
              id={`${id}-to`}
              defaultValue={second?.id}
              {...errorA11y(`${id}-to`, errors.to_account_id)}
              {...form.register('to_account_id', { valueAsNumber: true })}
            >
              {accountOptions}
            </NativeSelect>
          </FormField>
          <FormField
            id={`${id}-amount`}
            label={
              from ? t('deposit.amount.label', { currency: from.currency }) : t('deposit.history.amount')
            }
            error={errors.amount?.message}
          >
            <Input
              id={`${id}-amount`}
              type="number"
              inputMode="decimal"
              min="0.01"
              step="0.01"
              {...errorA11y(`${id}-amount`, errors.amount)}
              {...form.register('amount', { valueAsNumber: true })}
            />
          </FormField>
          <TransferQuoteLine from={from} to={to} amount={amount} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? t('accounts.transfer.pending') : t('accounts.transfer.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

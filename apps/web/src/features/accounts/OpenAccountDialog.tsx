import { zodResolver } from '@hookform/resolvers/zod';
import { type OpenAccount, openAccountSchema } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { openAccount } from '@/api/accounts';
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
import { i18n } from '@/i18n/i18n';
import { useIdempotencyKey } from '@/lib/useIdempotencyKey';
import { useAccountOptions } from './queries';
import { useRefreshUser } from './useRefreshUser';

const FIELDS = ['type', 'currency', 'title'] as const;

// The domain's code check, worded for a select rather than typed text (worded when it fails).
const formSchema = openAccountSchema.extend({
  currency: z.string().regex(/^[A-Z]{3}$/, { error: () => i18n.t('money:accounts.open.chooseCurrency') }),
});

/**
 * "Open account": a further live account in a currency staff allow, or a demo account with
 * virtual funds. The new account appears once the user is read again.
 */
export function OpenAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('money');
  const id = useId();
  const options = useAccountOptions();
  const refreshUser = useRefreshUser();
  const { keyFor, done } = useIdempotencyKey();
  const form = useForm<OpenAccount>({
    resolver: zodResolver(formSchema),
    defaultValues: { type: 'live', currency: '' },
  });
  const mutation = useMutation({
    mutationFn: ({ body, key }: { body: OpenAccount; key: string }) => openAccount(body, key),
    onSuccess: async (account) => {
      done();
      toast.success(
        account.type === 'demo'
          ? t('accounts.open.demoOpened', { number: account.number })
          : t('accounts.open.opened', { number: account.number }),
      );
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
  const type = form.watch('type');
  const currency = form.watch('currency');
  const currencies = options.data?.currencies;
  const first = currencies?.[0];
  // The first allowed currency is preselected once the options arrive.
  useEffect(() => {
    if (first && form.getValues('currency') === '') form.setValue('currency', first);
  }, [first, form]);
  const errors = form.formState.errors;
  const fieldError = Object.keys(apiFieldErrors(mutation.error)).length > 0;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={form.handleSubmit((body) => mutation.mutate({ body, key: keyFor(body) }))}
        >
          <DialogHeader>
            <DialogTitle>{t('accounts.open.title')}</DialogTitle>
            <DialogDescription>{t('accounts.open.description')}</DialogDescription>
          </DialogHeader>
          {options.isError ? (
            <Alert
              variant="destructive"
              description={apiErrorMessage(options.error, t('accounts.open.optionsFailed'))}
            />
          ) : null}
          {mutation.isError && !fieldError ? (
            <Alert
              variant="destructive"
              description={apiErrorMessage(mutation.error, t('accounts.open.failed'))}
            />
          ) : null}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t('accounts.open.type')}</legend>
            <div className="grid grid-cols-2 gap-2">
              <label className="flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm has-[:checked]:border-primary">
                <input type="radio" value="live" {...form.register('type')} />
                {t('accounts.type.live')}
              </label>
              <label className="flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm has-[:checked]:border-primary">
                <input type="radio" value="demo" {...form.register('type')} />
                {t('accounts.type.demo')}
              </label>
            </div>
            {type === 'demo' ? (
              <p className="text-xs text-muted-foreground" data-testid="demo-note">
                {options.data && currency
                  ? t('accounts.open.demoNoteBalance', {
                      amount: formatAmount(options.data.demo_balance, currency),
                    })
                  : t('accounts.open.demoNote')}
              </p>
            ) : null}
          </fieldset>
          <FormField
            id={`${id}-currency`}
            label={t('accounts.open.currency')}
            error={errors.currency?.message}
          >
            <NativeSelect
              id={`${id}-currency`}
              disabled={!options.data}
              {...errorA11y(`${id}-currency`, errors.currency)}
              {...form.register('currency')}
            >
              <option value="">
                {options.isPending ? t('accounts.open.loading') : t('accounts.open.chooseCurrency')}
              </option>
              {(currencies ?? []).map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={`${id}-title`} label={t('accounts.open.name')} error={errors.title?.message}>
            <Input
              id={`${id}-title`}
              maxLength={40}
              placeholder={type === 'demo' ? t('accounts.type.demo') : t('accounts.open.namePlaceholder')}
              {...errorA11y(`${id}-title`, errors.title)}
              {...form.register('title', { setValueAs: (v: string) => (v.trim() === '' ? undefined : v) })}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={mutation.isPending || !options.data}>
              {mutation.isPending ? t('accounts.open.pending') : t('accounts.open.title')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

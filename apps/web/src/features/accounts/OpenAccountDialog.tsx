import { zodResolver } from '@hookform/resolvers/zod';
import { type OpenAccount, openAccountSchema } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
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
import { useIdempotencyKey } from '@/lib/useIdempotencyKey';
import { useAccountOptions } from './queries';
import { useRefreshUser } from './useRefreshUser';

const FIELDS = ['type', 'currency', 'title'] as const;

// The domain's code check, worded for a select rather than typed text.
const formSchema = openAccountSchema.extend({
  currency: z.string().regex(/^[A-Z]{3}$/, 'Choose a currency'),
});

/**
 * "Open account": a further live account in a currency staff allow, or a demo account with
 * virtual funds. The new account appears once the user is read again.
 */
export function OpenAccountDialog({ onClose }: { onClose: () => void }) {
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
      toast.success(`${account.type === 'demo' ? 'Demo account' : 'Account'} ${account.number} opened`);
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
            <DialogTitle>Open account</DialogTitle>
            <DialogDescription>
              A live account holds real money; a demo account trades with virtual funds you can reset.
            </DialogDescription>
          </DialogHeader>
          {options.isError ? (
            <Alert
              variant="destructive"
              description={apiErrorMessage(options.error, 'Unable to load the account options.')}
            />
          ) : null}
          {mutation.isError && !fieldError ? (
            <Alert
              variant="destructive"
              description={apiErrorMessage(mutation.error, 'Unable to open the account.')}
            />
          ) : null}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">Account type</legend>
            <div className="grid grid-cols-2 gap-2">
              <label className="flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm has-[:checked]:border-primary">
                <input type="radio" value="live" {...form.register('type')} />
                Live
              </label>
              <label className="flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm has-[:checked]:border-primary">
                <input type="radio" value="demo" {...form.register('type')} />
                Demo
              </label>
            </div>
            {type === 'demo' ? (
              <p className="text-xs text-muted-foreground" data-testid="demo-note">
                Demo — virtual funds
                {options.data && currency
                  ? `: starts with ${formatAmount(options.data.demo_balance, currency)}`
                  : ''}
                . No real money is ever paid in or out.
              </p>
            ) : null}
          </fieldset>
          <FormField id={`${id}-currency`} label="Currency" error={errors.currency?.message}>
            <NativeSelect
              id={`${id}-currency`}
              disabled={!options.data}
              {...errorA11y(`${id}-currency`, errors.currency)}
              {...form.register('currency')}
            >
              <option value="">{options.isPending ? 'Loading…' : 'Choose a currency'}</option>
              {(currencies ?? []).map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={`${id}-title`} label="Name (optional)" error={errors.title?.message}>
            <Input
              id={`${id}-title`}
              maxLength={40}
              placeholder={type === 'demo' ? 'Demo' : 'e.g. Savings pot'}
              {...errorA11y(`${id}-title`, errors.title)}
              {...form.register('title', { setValueAs: (v: string) => (v.trim() === '' ? undefined : v) })}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.isPending || !options.data}>
              {mutation.isPending ? 'Opening…' : 'Open account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

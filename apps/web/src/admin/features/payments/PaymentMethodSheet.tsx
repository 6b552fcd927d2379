import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import type { AdminPaymentMethod } from '@/api/adminMoney';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { DetailSheet } from '../deposits/DetailSheet';
import { SandboxBadge } from '../deposits/MoneyStatus';
import { CheckField, FieldGroup, TextField } from './MethodFields';
import {
  fieldOfError,
  type MethodField,
  type MethodFormValues,
  methodFormValues,
  methodRequest,
} from './paymentMethodForm';
import { useUpdatePaymentMethod } from './queries';

const WIRE_LABELS = {
  beneficiary: 'Beneficiary',
  bank_name: 'Bank name',
  iban: 'IBAN',
  bic: 'BIC / SWIFT',
  address: 'Bank address',
} as const;

/**
 * Edits one payment method: whether it takes deposits and pays out, its currencies, limits and
 * fees (USD, converted to each account's currency), and its own settings (a wire's bank details,
 * a coin's confirmations and minimum).
 */
export function PaymentMethodSheet({ method, onClose }: { method: AdminPaymentMethod; onClose: () => void }) {
  const update = useUpdatePaymentMethod();
  const [values, setValues] = useState(() => methodFormValues(method));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const id = (f: MethodField) => `method-${f}`;
  // The current provider stays choosable even if this node no longer has it configured.
  const providers = [...new Set([method.provider, ...method.providers])];

  const set = <K extends MethodField>(field: K, value: MethodFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const field = (
    f: Exclude<MethodField, 'enabled' | 'withdrawals_enabled'>,
    label: string,
    hint?: string,
  ) => (
    <TextField
      id={id(f)}
      label={label}
      value={values[f]}
      onChange={(v) => set(f, v)}
      error={errors[f]}
      {...(hint ? { hint } : {})}
    />
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const { body, errors: found } = methodRequest(values, method);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    update.mutate(
      { key: method.key, body },
      {
        onSuccess: () => {
          toast.success(`${method.label} saved`);
          onClose();
        },
        onError: (err) => {
          const server = apiFieldErrors(err);
          setErrors(
            Object.fromEntries(
              Object.entries(server).map(([k, v]) => [fieldOfError(k), v[0] ?? 'Invalid value']),
            ),
          );
          setFailure(apiErrorMessage(err, 'The method was not saved. Try again.'));
        },
      },
    );
  }

  return (
    <DetailSheet open onOpenChange={(o) => (o ? undefined : onClose())} title={`Edit ${method.label}`}>
      <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
        <span className="font-mono text-xs">{method.key}</span>
        <span>· {method.provider}</span>
        {method.sandbox ? <SandboxBadge /> : null}
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FieldGroup title="Method">
          {field('label', 'Name customers see')}
          <div className="flex flex-col gap-2">
            <Label htmlFor={id('provider')}>Provider</Label>
            <NativeSelect
              id={id('provider')}
              value={values.provider}
              aria-invalid={errors.provider ? true : undefined}
              aria-describedby={errors.provider ? `${id('provider')}-error` : undefined}
              onChange={(e) => set('provider', e.target.value)}
            >
              {providers.map((p) => (
                <option key={p} value={p}>
                  {p.startsWith('sandbox') ? `${p} (Sandbox)` : p}
                </option>
              ))}
            </NativeSelect>
            {errors.provider ? (
              <p id={`${id('provider')}-error`} className="text-destructive text-xs">
                {errors.provider}
              </p>
            ) : null}
          </div>
        </FieldGroup>
        <FieldGroup title="Deposits">
          <div className="sm:col-span-2">
            <CheckField
              id={id('enabled')}
              label="Takes deposits"
              checked={values.enabled}
              onChange={(v) => set('enabled', v)}
            />
          </div>
          <div className="sm:col-span-2">
            {field('currencies', 'Account currencies', 'Three-letter codes, separated by commas.')}
          </div>
          {field('min_amount', 'Minimum (USD)')}
          {field('max_amount', 'Maximum (USD)', 'Empty for no maximum.')}
          {field('fee_percent', 'Fee (%)')}
          {field('fee_fixed', 'Fixed fee (USD)')}
        </FieldGroup>
        <FieldGroup title="Withdrawals">
          <div className="sm:col-span-2">
            <CheckField
              id={id('withdrawals_enabled')}
              label="Pays out withdrawals"
              checked={values.withdrawals_enabled}
              onChange={(v) => set('withdrawals_enabled', v)}
            />
          </div>
          {field('withdrawal_fee_percent', 'Withdrawal fee (%)')}
          {field('withdrawal_fee_fixed', 'Withdrawal fixed fee (USD)')}
        </FieldGroup>
        {method.kind === 'wire' ? (
          <FieldGroup title="Bank details customers pay to">
            {method.bank_demo ? (
              <Alert variant="warning" className="sm:col-span-2">
                These are the built-in demo details, shown to customers as such. Enter the broker's own
                account.
              </Alert>
            ) : null}
            {(Object.keys(WIRE_LABELS) as (keyof typeof WIRE_LABELS)[]).map((f) => (
              <div key={f} className={f === 'address' ? 'sm:col-span-2' : undefined}>
                {field(f, WIRE_LABELS[f])}
              </div>
            ))}
          </FieldGroup>
        ) : null}
        {method.kind === 'crypto' ? (
          <FieldGroup title="Network">
            {field('confirmations', 'Confirmations before crediting')}
            {field('min_deposit', 'Minimum deposit (in the coin)')}
          </FieldGroup>
        ) : null}
        {failure ? <Alert variant="destructive">{failure}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save method'}
          </Button>
        </div>
      </form>
    </DetailSheet>
  );
}

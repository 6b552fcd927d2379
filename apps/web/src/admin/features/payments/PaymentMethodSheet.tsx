import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/** The bank detail fields and their catalogue keys, in form order. */
const WIRE_LABELS = {
  beneficiary: 'payments.sheet.beneficiary',
  bank_name: 'payments.sheet.bankName',
  iban: 'payments.sheet.iban',
  bic: 'payments.sheet.bic',
  address: 'payments.sheet.bankAddress',
} as const;

/**
 * Edits one payment method: whether it takes deposits and pays out, its currencies, limits and
 * fees (USD, converted to each account's currency), and its own settings (a wire's bank details,
 * a coin's confirmations and minimum).
 */
export function PaymentMethodSheet({ method, onClose }: { method: AdminPaymentMethod; onClose: () => void }) {
  const { t } = useTranslation('adminOps');
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
          toast.success(t('payments.sheet.saved', { label: method.label }));
          onClose();
        },
        onError: (err) => {
          const server = apiFieldErrors(err);
          setErrors(
            Object.fromEntries(
              Object.entries(server).map(([k, v]) => [fieldOfError(k), v[0] ?? t('shared.invalidValue')]),
            ),
          );
          setFailure(apiErrorMessage(err, t('payments.sheet.saveError')));
        },
      },
    );
  }

  return (
    <DetailSheet
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={t('payments.sheet.title', { label: method.label })}
    >
      <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
        <span className="font-mono text-xs">{method.key}</span>
        <span>· {method.provider}</span>
        {method.sandbox ? <SandboxBadge /> : null}
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FieldGroup title={t('payments.sheet.groupMethod')}>
          {field('label', t('payments.sheet.label'))}
          <div className="flex flex-col gap-2">
            <Label htmlFor={id('provider')}>{t('payments.sheet.provider')}</Label>
            <NativeSelect
              id={id('provider')}
              value={values.provider}
              aria-invalid={errors.provider ? true : undefined}
              aria-describedby={errors.provider ? `${id('provider')}-error` : undefined}
              onChange={(e) => set('provider', e.target.value)}
            >
              {providers.map((p) => (
                <option key={p} value={p}>
                  {p.startsWith('sandbox') ? t('payments.sheet.providerSandbox', { provider: p }) : p}
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
        <FieldGroup title={t('payments.sheet.groupDeposits')}>
          <div className="sm:col-span-2">
            <CheckField
              id={id('enabled')}
              label={t('payments.sheet.takesDeposits')}
              checked={values.enabled}
              onChange={(v) => set('enabled', v)}
            />
          </div>
          <div className="sm:col-span-2">
            {field('currencies', t('payments.sheet.currencies'), t('payments.sheet.currenciesHint'))}
          </div>
          {field('min_amount', t('payments.sheet.min'))}
          {field('max_amount', t('payments.sheet.max'), t('shared.emptyNoMaximum'))}
          {field('fee_percent', t('payments.sheet.feePercent'))}
          {field('fee_fixed', t('payments.sheet.feeFixed'))}
        </FieldGroup>
        <FieldGroup title={t('payments.sheet.groupWithdrawals')}>
          <div className="sm:col-span-2">
            <CheckField
              id={id('withdrawals_enabled')}
              label={t('payments.sheet.paysOut')}
              checked={values.withdrawals_enabled}
              onChange={(v) => set('withdrawals_enabled', v)}
            />
          </div>
          {field('withdrawal_fee_percent', t('payments.sheet.withdrawalFeePercent'))}
          {field('withdrawal_fee_fixed', t('payments.sheet.withdrawalFeeFixed'))}
        </FieldGroup>
        {method.kind === 'wire' ? (
          <FieldGroup title={t('payments.sheet.groupBank')}>
            {method.bank_demo ? (
              <Alert variant="warning" className="sm:col-span-2">
                {t('payments.sheet.demoWarning')}
              </Alert>
            ) : null}
            {(Object.keys(WIRE_LABELS) as (keyof typeof WIRE_LABELS)[]).map((f) => (
              <div key={f} className={f === 'address' ? 'sm:col-span-2' : undefined}>
                {field(f, t(WIRE_LABELS[f]))}
              </div>
            ))}
          </FieldGroup>
        ) : null}
        {method.kind === 'crypto' ? (
          <FieldGroup title={t('payments.sheet.groupNetwork')}>
            {field('confirmations', t('payments.sheet.confirmations'))}
            {field('min_deposit', t('payments.sheet.minDeposit'))}
          </FieldGroup>
        ) : null}
        {failure ? <Alert variant="destructive">{failure}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('shared.cancel')}
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t('shared.saving') : t('payments.sheet.save')}
          </Button>
        </div>
      </form>
    </DetailSheet>
  );
}

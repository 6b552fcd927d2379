import { cryptoMethodConfigSchema, updatePaymentMethodSchema, wireBankSchema } from '@openbroker/domain';
import type { AdminPaymentMethod, PaymentMethodUpdate } from '@/api/adminMoney';
import { i18n } from '@/i18n/i18n';
import { localIssue } from '../settings/localIssue';

/** The bank details a wire method shows customers. */
export const WIRE_FIELDS = ['beneficiary', 'bank_name', 'iban', 'bic', 'address'] as const;
type WireField = (typeof WIRE_FIELDS)[number];

const NUMBER_FIELDS = [
  'min_amount',
  'fee_percent',
  'fee_fixed',
  'withdrawal_fee_percent',
  'withdrawal_fee_fixed',
] as const;

/** The edit sheet's inputs as typed (numbers as text until sent). */
export type MethodFormValues = Record<
  | 'provider'
  | 'label'
  | 'currencies'
  | 'max_amount'
  | 'confirmations'
  | 'min_deposit'
  | (typeof NUMBER_FIELDS)[number]
  | WireField,
  string
> & { enabled: boolean; withdrawals_enabled: boolean };
export type MethodField = keyof MethodFormValues;

export function methodFormValues(m: AdminPaymentMethod): MethodFormValues {
  return {
    provider: m.provider,
    label: m.label,
    enabled: m.enabled,
    currencies: m.currencies.join(', '),
    min_amount: String(m.min_amount),
    max_amount: m.max_amount === null ? '' : String(m.max_amount),
    fee_percent: String(m.fee_percent),
    fee_fixed: String(m.fee_fixed),
    withdrawals_enabled: m.withdrawals_enabled,
    withdrawal_fee_percent: String(m.withdrawal_fee_percent),
    withdrawal_fee_fixed: String(m.withdrawal_fee_fixed),
    confirmations: m.confirmations === null ? '' : String(m.confirmations),
    min_deposit: m.min_deposit ?? '',
    beneficiary: m.bank?.beneficiary ?? '',
    bank_name: m.bank?.bank_name ?? '',
    iban: m.bank?.iban ?? '',
    bic: m.bank?.bic ?? '',
    address: m.bank?.address ?? '',
  };
}

/**
 * The form field a server or schema error belongs to: bank details and per-kind settings are
 * named by their own field (`bank.iban` and `config.iban` are the IBAN box), one currency's
 * error is the currency list's.
 */
export function fieldOfError(path: string): string {
  const [head, next] = path.split('.');
  if ((head === 'bank' || head === 'config') && next) return next;
  return head ?? 'form';
}

const num = (t: string): number => (t.trim() === '' ? Number.NaN : Number(t.trim()));

function collect(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
  into: Record<string, string>,
) {
  for (const issue of issues)
    into[fieldOfError(issue.path.map(String).join('.'))] ??= localIssue(issue.message);
}

/**
 * The change as `PUT /admin/payment-methods/{key}` takes it: every field the sheet shows, with a
 * wire's bank details or a coin's confirmations and minimum. `errors` are keyed by form field.
 */
export function methodRequest(
  values: MethodFormValues,
  method: AdminPaymentMethod,
): { body: PaymentMethodUpdate; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const enterNumber = i18n.t('adminOps:payments.form.enterNumber');
  for (const f of NUMBER_FIELDS) if (Number.isNaN(num(values[f]))) errors[f] = enterNumber;
  if (values.max_amount.trim() !== '' && Number.isNaN(num(values.max_amount)))
    errors.max_amount = enterNumber;
  const body: PaymentMethodUpdate = {
    provider: values.provider,
    label: values.label.trim(),
    enabled: values.enabled,
    currencies: values.currencies
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((c) => c.toUpperCase()),
    min_amount: num(values.min_amount),
    max_amount: values.max_amount.trim() === '' ? null : num(values.max_amount),
    fee_percent: num(values.fee_percent),
    fee_fixed: num(values.fee_fixed),
    withdrawals_enabled: values.withdrawals_enabled,
    withdrawal_fee_percent: num(values.withdrawal_fee_percent),
    withdrawal_fee_fixed: num(values.withdrawal_fee_fixed),
  };
  if (method.kind === 'wire') {
    const bank = wireBankSchema.safeParse({
      ...Object.fromEntries(WIRE_FIELDS.map((f) => [f, values[f]])),
      iban: values.iban.replace(/\s+/g, '').toUpperCase(),
      bic: values.bic.trim().toUpperCase(),
    });
    if (bank.success) body.bank = bank.data;
    else collect(bank.error.issues, errors);
  } else if (method.kind === 'crypto') {
    const parsed = cryptoMethodConfigSchema.safeParse({
      confirmations: num(values.confirmations),
      min_deposit: values.min_deposit,
    });
    if (parsed.success) Object.assign(body, parsed.data);
    else collect(parsed.error.issues, errors);
  }
  const whole = updatePaymentMethodSchema.safeParse(body);
  if (!whole.success) collect(whole.error.issues, errors);
  return { body, errors };
}

import {
  SAVINGS_TERM_STEP_DAYS,
  type SavingsKind,
  type SavingsProduct,
  type SavingsProductInput,
  savingsProductInputSchema,
} from '@openbroker/domain';
import { i18n } from '@/i18n/i18n';
import { localIssue } from '../settings/localIssue';

/** The product form's inputs as typed (numbers as text until sent). */
export interface ProductFormValues {
  name: string;
  description: string;
  kind: SavingsKind;
  currency: string;
  annual_rate: string;
  term_days: string;
  min_amount: string;
  max_amount: string;
  enabled: boolean;
}
export type ProductField = keyof ProductFormValues;

export const NEW_PRODUCT: ProductFormValues = {
  name: '',
  description: '',
  kind: 'flexible',
  currency: 'USD',
  annual_rate: '',
  term_days: '',
  min_amount: '100',
  max_amount: '',
  enabled: true,
};

export function productFormValues(p: SavingsProduct): ProductFormValues {
  return {
    name: p.name,
    description: p.description,
    kind: p.kind,
    currency: p.currency,
    annual_rate: String(p.annual_rate),
    term_days: p.term_days === null ? '' : String(p.term_days),
    min_amount: String(p.min_amount),
    max_amount: p.max_amount === null ? '' : String(p.max_amount),
    enabled: p.enabled,
  };
}

/** How a fixed term is entered, in the reader's language (read when shown). */
export const termMessage = (): string =>
  i18n.t('adminOps:savings.form.term', { step: SAVINGS_TERM_STEP_DAYS });

/** Plain words where the contract's schema has only the library's default messages. */
const FRIENDLY: Partial<Record<ProductField, () => string>> = {
  name: () => i18n.t('adminOps:savings.form.name'),
  description: () => i18n.t('adminOps:savings.form.description'),
  annual_rate: () => i18n.t('adminOps:savings.form.rate'),
  term_days: termMessage,
};

const num = (t: string): number => (t.trim() === '' ? Number.NaN : Number(t.trim()));

/** What to send (every field: products are replaced whole) and the errors by field, for display. */
export function productRequest(values: ProductFormValues): {
  body: SavingsProductInput;
  errors: Record<string, string>;
} {
  const body: SavingsProductInput = {
    name: values.name.trim(),
    description: values.description.trim(),
    kind: values.kind,
    currency: values.currency.trim().toUpperCase(),
    annual_rate: num(values.annual_rate),
    // A flexible product has no term, whatever was typed before switching kind.
    term_days: values.kind === 'fixed' ? num(values.term_days) : null,
    min_amount: num(values.min_amount),
    max_amount: values.max_amount.trim() === '' ? null : num(values.max_amount),
    enabled: values.enabled,
  };
  const errors: Record<string, string> = {};
  const parsed = savingsProductInputSchema.safeParse(body);
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] ?? 'form') as ProductField;
    errors[field] ??= FRIENDLY[field]?.() ?? localIssue(issue.message);
  }
  if (!errors.max_amount && body.max_amount !== null && body.max_amount < body.min_amount) {
    errors.max_amount = i18n.t('adminOps:savings.form.maxAtLeastMin');
  }
  return { body, errors };
}

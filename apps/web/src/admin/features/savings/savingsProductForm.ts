import {
  SAVINGS_TERM_STEP_DAYS,
  type SavingsKind,
  type SavingsProduct,
  type SavingsProductInput,
  savingsProductInputSchema,
} from '@openbroker/domain';

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

export const TERM_MESSAGE = `Enter a term in multiples of ${SAVINGS_TERM_STEP_DAYS} days (30, 60, 90…)`;

/** Plain words where the contract's schema has only the library's default messages. */
const FRIENDLY: Partial<Record<ProductField, string>> = {
  name: 'Enter a name of 2 to 80 characters',
  description: 'At most 1000 characters',
  annual_rate: 'Enter a yearly rate from 0 to 100%',
  term_days: TERM_MESSAGE,
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
    errors[field] ??= FRIENDLY[field] ?? issue.message;
  }
  if (!errors.max_amount && body.max_amount !== null && body.max_amount < body.min_amount) {
    errors.max_amount = 'The maximum must be at least the minimum';
  }
  return { body, errors };
}

import {
  COUNTRIES,
  defaultCountryValue,
  type PersonalDetails,
  type PersonalField,
  type PersonalInputRaw,
  personalInputSchemaAt,
} from '@openbroker/domain';
import { i18n } from '@/i18n/i18n';
import { localizeMessage } from '@/lib/validationMessage';

/** What the form holds: every field as text ('' for none). */
export type PersonalFormValues = Record<PersonalField, string>;
export type FieldErrorMap = Partial<Record<PersonalField, string>>;

export const COUNTRY_FIELDS: ReadonlySet<PersonalField> = new Set([
  'country',
  'nationality',
  'tax_residence',
]);

/**
 * The saved details as form values. Country selects have no empty choice, so a blank one starts at
 * the country of residence (or the list's default): the customer sees it before saving.
 */
export function toFormValues(d: PersonalDetails): PersonalFormValues {
  const home = defaultCountryValue(d.country);
  return {
    first_name: d.first_name,
    last_name: d.last_name,
    date_of_birth: d.date_of_birth ?? '',
    address_line1: d.address_line1 ?? '',
    address_line2: d.address_line2 ?? '',
    city: d.city ?? '',
    postal_code: d.postal_code ?? '',
    country: home,
    country_code: d.country_code ?? '+1',
    phone: d.phone ?? '',
    nationality: defaultCountryValue(d.nationality ?? d.country),
    tax_residence: defaultCountryValue(d.tax_residence ?? d.country),
    tax_id: d.tax_id ?? '',
  };
}

/** The domain's own rules (18+ by the browser's date), as one message per field. */
export function validatePersonal(values: PersonalFormValues, today = new Date()): FieldErrorMap {
  const result = personalInputSchemaAt(() => today).safeParse(values satisfies PersonalInputRaw);
  const errors: FieldErrorMap = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as PersonalField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * A field's message (the domain's rule, the server's answer) in the reader's language: the
 * domain's known English wording is translated, a server's own words stay as they are.
 */
export function translateRule(message: string): string {
  const atMost = /^At most (\d+) characters$/.exec(message);
  if (atMost) return i18n.t('account:personal.validation.atMost', { max: Number(atMost[1]) });
  return localizeMessage(message);
}

/** A field's name in the reader's language. */
export const fieldLabel = (field: PersonalField): string => i18n.t(`account:personal.fields.${field}`);

/** The server's 422 `errors` (arrays per field) as one message per field. */
export function firstErrors(errors: Record<string, string[]>): FieldErrorMap {
  const out: FieldErrorMap = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (messages[0]) out[field as PersonalField] = messages[0];
  }
  return out;
}

/** A stored value as the customer reads it (country names, not slugs). */
export function displayValue(field: PersonalField, value: string | null): string {
  if (value === null || value === '') return '—';
  // Country names stay as the list has them (the country list is shared with registration).
  if (COUNTRY_FIELDS.has(field)) return COUNTRIES.find((c) => c.value === value)?.label ?? value;
  return value;
}

/** What a save came to: done, or the messages to show beside the fields. */
export type SaveOutcome =
  | { ok: true; message: string }
  | { ok: false; message: string; errors: FieldErrorMap };

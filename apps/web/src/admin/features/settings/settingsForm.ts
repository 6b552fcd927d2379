import {
  LEVERAGE_CATEGORIES,
  type LeverageCategory,
  type SiteSettingsUpdate,
  type StaffSettings,
  siteSettingsUpdateSchema,
} from '@openbroker/domain';

/** Text fields that mean "none" when left empty (sent as null). */
export const NULLABLE_TEXT = [
  'maintenanceMessage',
  'contactEmail',
  'website_url',
  'logo',
  'logo_sm',
  'favicon',
  'header_link',
  'footer_link',
  'terms_link',
  'privacy_link',
  'risk_link',
  'help_link',
] as const;
type NullableText = (typeof NULLABLE_TEXT)[number];

/** Amounts typed as decimals and sent as numbers. */
const AMOUNT_FIELDS = ['four_eyes_threshold', 'demo_balance', 'withdrawal_two_level_threshold'] as const;
type AmountField = (typeof AMOUNT_FIELDS)[number];

export type LeverageField = `category_leverage.${LeverageCategory}`;
export const leverageField = (c: LeverageCategory): LeverageField => `category_leverage.${c}`;

/**
 * The form's values: every input as the user typed it (numbers as text until saved). Leverage fields
 * are named as the server names their errors (`category_leverage.forex`), so errors land beside them.
 */
export type SettingsFormValues = Record<
  NullableText | 'name' | 'status' | 'r_page' | AmountField | 'account_currencies',
  string
> &
  Record<LeverageField, string> & { auto_approve: boolean };
export type SettingsField = keyof SettingsFormValues;

export function formValuesOf(s: StaffSettings): SettingsFormValues {
  const values = {
    name: s.name,
    status: s.status,
    r_page: s.r_page,
    auto_approve: s.auto_approve,
    four_eyes_threshold: String(s.four_eyes_threshold),
    demo_balance: String(s.demo_balance),
    withdrawal_two_level_threshold: String(s.withdrawal_two_level_threshold),
    account_currencies: s.account_currencies.join(', '),
  } as SettingsFormValues;
  for (const f of NULLABLE_TEXT) values[f] = s[f] ?? '';
  for (const c of LEVERAGE_CATEGORIES) {
    const v = s.category_leverage[c];
    values[leverageField(c)] = v === null ? '' : String(v);
  }
  return values;
}

/** The fields whose value differs from what was loaded, in form order. */
export function dirtyFields(initial: SettingsFormValues, values: SettingsFormValues): SettingsField[] {
  return (Object.keys(values) as SettingsField[]).filter((k) => {
    const a = initial[k];
    const b = values[k];
    return typeof a === 'string' && typeof b === 'string' ? a.trim() !== b.trim() : a !== b;
  });
}

const toNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The change to send: only the dirty fields, empty text as null, numbers as numbers. */
export function patchOf(values: SettingsFormValues, dirty: readonly SettingsField[]): SiteSettingsUpdate {
  const patch: Record<string, unknown> = {};
  const leverage: Record<string, number | null> = {};
  for (const field of dirty) {
    if (field.startsWith('category_leverage.')) {
      const text = values[field as LeverageField].trim();
      leverage[field.slice('category_leverage.'.length)] = text === '' ? null : toNumber(text);
    } else if ((AMOUNT_FIELDS as readonly string[]).includes(field)) {
      patch[field] = toNumber(values[field as AmountField]);
    } else if (field === 'account_currencies') {
      patch[field] = values.account_currencies
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((c) => c.toUpperCase());
    } else if (field === 'auto_approve') {
      patch[field] = values.auto_approve;
    } else if ((NULLABLE_TEXT as readonly string[]).includes(field)) {
      const text = values[field as NullableText].trim();
      patch[field] = text === '' ? null : text;
    } else {
      patch[field] = values[field as 'name' | 'status' | 'r_page'];
    }
  }
  if (Object.keys(leverage).length > 0) patch.category_leverage = leverage;
  return patch as SiteSettingsUpdate;
}

/** The form field an error belongs to: one currency's error ('account_currencies.1') shows at the list. */
export function fieldOfError(key: string): string {
  return key.startsWith('account_currencies.') ? 'account_currencies' : key;
}

/** Field errors keyed as the form names fields, from the domain schema (the server checks the same). */
export function validatePatch(patch: SiteSettingsUpdate): Record<string, string> {
  const parsed = siteSettingsUpdateSchema.safeParse(patch);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = fieldOfError(issue.path.join('.'));
    errors[key] ??= issue.message;
  }
  return errors;
}

import { z } from 'zod';
import { COUNTRIES } from '../countries.ts';
import { REJECTION_CODES } from '../staff/approvals.ts';
import { MESSAGES } from './auth.ts';
import { MIN_LENGTHS, REGISTRATION_MESSAGES } from './registration.ts';

/** The customer's personal information (issue 15, `/main/personal`), in form order. */
export const PERSONAL_FIELDS = [
  'first_name',
  'last_name',
  'date_of_birth',
  'address_line1',
  'address_line2',
  'city',
  'postal_code',
  'country',
  'country_code',
  'phone',
  'nationality',
  'tax_residence',
  'tax_id',
] as const;
export type PersonalField = (typeof PERSONAL_FIELDS)[number];

export const PERSONAL_FIELD_LABELS: Readonly<Record<PersonalField, string>> = {
  first_name: 'First name',
  last_name: 'Last name',
  date_of_birth: 'Date of birth',
  address_line1: 'Address line 1',
  address_line2: 'Address line 2',
  city: 'City',
  postal_code: 'Postal code',
  country: 'Country',
  country_code: 'Phone country code',
  phone: 'Phone',
  nationality: 'Nationality',
  tax_residence: 'Tax residence',
  tax_id: 'Tax id',
};

/** Verification requirements whose verified state confirms (and so locks) personal fields. */
export const LOCKING_REQUIREMENTS = ['identity_document', 'proof_of_address'] as const;
export type LockingRequirement = (typeof LOCKING_REQUIREMENTS)[number];

/** Which fields each verified requirement confirms, and the words the customer reads about it. */
export const LOCKS: Readonly<
  Record<LockingRequirement, { fields: readonly PersonalField[]; reason: string }>
> = {
  identity_document: {
    fields: ['first_name', 'last_name', 'date_of_birth'],
    reason: 'Confirmed by your verified identity document',
  },
  proof_of_address: {
    fields: ['address_line1', 'address_line2', 'city', 'postal_code', 'country'],
    reason: 'Confirmed by your verified proof of address',
  },
};

export interface FieldLock {
  field: PersonalField;
  reason: string;
}

/** The locked fields, in form order, given the requirements verification has confirmed. */
export function lockedFieldsFor(verified: Iterable<string>): FieldLock[] {
  const done = new Set(verified);
  const out: FieldLock[] = [];
  for (const field of PERSONAL_FIELDS) {
    const by = LOCKING_REQUIREMENTS.find((r) => done.has(r) && LOCKS[r].fields.includes(field));
    if (by) out.push({ field, reason: LOCKS[by].reason });
  }
  return out;
}

/** The customer must be 18 or older: true when `dob` (YYYY-MM-DD) is at least 18 years before `today`. */
export function isAdult(dob: string, today: Date): boolean {
  const [y, m, d] = dob.split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined) return false;
  const ty = today.getUTCFullYear();
  const tm = today.getUTCMonth() + 1;
  const td = today.getUTCDate();
  const age = ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
  return age >= 18;
}

/** A real calendar date written YYYY-MM-DD (no 2023-02-30). */
function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const date = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === s;
}

const COUNTRY_VALUES = COUNTRIES.map((c) => c.value) as [string, ...string[]];
const countryOf = (message: string) => z.enum(COUNTRY_VALUES, { error: message });
const required = (max: number, min: number, message: string) =>
  z.string({ error: MESSAGES.required }).trim().min(min, message).max(max, `At most ${max} characters`);
/** An optional text: blank is "none" (null), so clearing a field is a change like any other. */
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * `PUT /personal`: the whole form. `today` decides the 18+ rule (the server passes its clock, the
 * form the browser's date), so the rule is the same on both sides and testable.
 */
export function personalInputSchemaAt(today: () => Date) {
  return z.object({
    first_name: required(60, MIN_LENGTHS.name, REGISTRATION_MESSAGES.firstName),
    last_name: required(60, MIN_LENGTHS.name, REGISTRATION_MESSAGES.lastName),
    date_of_birth: z
      .string({ error: 'Enter your date of birth' })
      .trim()
      .refine(isCalendarDate, 'Enter your date of birth as a valid date')
      .refine((v) => !isCalendarDate(v) || isAdult(v, today()), 'You must be at least 18 years old'),
    address_line1: required(120, 3, 'Enter the first line of your address'),
    address_line2: optional(120),
    city: required(80, 2, 'Enter your city'),
    postal_code: required(12, 2, 'Enter your postal code').regex(
      /^[A-Za-z0-9][A-Za-z0-9 -]*$/,
      'A postal code uses letters, digits, spaces and dashes',
    ),
    country: countryOf('Choose the country you live in'),
    country_code: z
      .string({ error: 'Choose a phone country code' })
      .trim()
      .regex(/^\+\d{1,4}$/, 'Choose a phone country code'),
    phone: z
      .string({ error: MESSAGES.required })
      .trim()
      .regex(/^[0-9][0-9 ()-]*[0-9]$/, REGISTRATION_MESSAGES.phone)
      .refine((v) => {
        const digits = v.replace(/\D/g, '').length;
        return digits >= MIN_LENGTHS.phone && digits <= 15;
      }, REGISTRATION_MESSAGES.phone),
    nationality: countryOf('Choose your nationality'),
    tax_residence: countryOf('Choose your country of tax residence'),
    tax_id: optional(30).refine(
      (v) => v === null || /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/.test(v),
      'A tax id uses letters, digits, spaces, dots, slashes and dashes',
    ),
  });
}
export const personalInputSchema = personalInputSchemaAt(() => new Date());
export type PersonalInput = z.infer<typeof personalInputSchema>;
/** What the form sends before parsing (blank optionals as ''). */
export type PersonalInputRaw = z.input<typeof personalInputSchema>;

/** What is stored: a customer who registered before this page may have blanks. */
export const personalDetailsSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  date_of_birth: z.string().nullable(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
  country_code: z.string().nullable(),
  phone: z.string().nullable(),
  nationality: z.string().nullable(),
  tax_residence: z.string().nullable(),
  tax_id: z.string().nullable(),
});
export type PersonalDetails = z.infer<typeof personalDetailsSchema>;

export type PersonalValues = Partial<Record<PersonalField, string | null>>;
export interface FieldChange {
  field: PersonalField;
  before: string | null;
  after: string | null;
}

/** The fields whose value differs, in form order (blank and null are the same "none"). */
export function diffPersonal(before: PersonalValues, after: PersonalValues): FieldChange[] {
  const norm = (v: string | null | undefined) => (v === undefined || v === '' ? null : v);
  return PERSONAL_FIELDS.filter((f) => f in after && norm(before[f]) !== norm(after[f])).map((field) => ({
    field,
    before: norm(before[field]),
    after: norm(after[field]),
  }));
}

const SUMMARY_WORDS: Readonly<Record<PersonalField, string>> = {
  first_name: 'name',
  last_name: 'name',
  date_of_birth: 'date of birth',
  address_line1: 'address',
  address_line2: 'address',
  city: 'address',
  postal_code: 'address',
  country: 'address',
  country_code: 'phone',
  phone: 'phone',
  nationality: 'nationality',
  tax_residence: 'tax residence',
  tax_id: 'tax id',
};

/** The approvals queue's one line, e.g. "Change address of Ada Lovelace". */
export function changeSummary(fields: readonly PersonalField[], fullName: string): string {
  const words = [...new Set(fields.map((f) => SUMMARY_WORDS[f]))];
  const list =
    words.length <= 1 ? (words[0] ?? 'details') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
  return `Change ${list} of ${fullName}`.trim();
}

const changeSchema = z.object({
  field: z.enum(PERSONAL_FIELDS),
  before: z.string().nullable(),
  after: z.string().nullable(),
});

/** A request to change locked fields, waiting for staff (or decided). */
export const personalChangeRequestSchema = z.object({
  id: z.number(),
  status: z.enum(['pending', 'approved', 'rejected', 'cancelled']),
  changes: z.array(changeSchema),
  requested_at: z.string(),
  decided_at: z.string().nullable(),
  reason_code: z.enum(REJECTION_CODES).nullable(),
  reason_label: z.string().nullable(),
  reason: z.string().nullable(),
});
export type PersonalChangeRequest = z.infer<typeof personalChangeRequestSchema>;

/** `GET /personal` and the answer of `PUT /personal`. */
export const personalSchema = z.object({
  details: personalDetailsSchema,
  locked: z.array(z.object({ field: z.enum(PERSONAL_FIELDS), reason: z.string() })),
  pending_request: personalChangeRequestSchema.nullable(),
  last_decided_request: personalChangeRequestSchema.nullable(),
});
export type Personal = z.infer<typeof personalSchema>;

/** One kept version: what changed, who changed it (the customer, or staff approving a request), when. */
export const personalVersionSchema = z.object({
  version: z.number(),
  changes: z.array(changeSchema),
  by: z.enum(['customer', 'staff']),
  /** The staff member's name is for staff; the customer sees null. */
  actor: z.object({ id: z.number(), name: z.string() }).nullable(),
  approval_id: z.number().nullable(),
  created_at: z.string(),
});
export type PersonalVersion = z.infer<typeof personalVersionSchema>;

export const personalVersionListSchema = z.object({ data: z.array(personalVersionSchema) });

/** `PUT /personal`: what was applied at once and what waits for staff. */
export const personalUpdateResultSchema = z.object({
  data: personalSchema,
  applied: z.array(z.enum(PERSONAL_FIELDS)),
  requested: z.array(z.enum(PERSONAL_FIELDS)),
  message: z.string(),
});
export type PersonalUpdateResult = z.infer<typeof personalUpdateResultSchema>;

/** The approvals payload of kind `personal_change`: the requested values of the locked fields. */
export const personalChangePayloadSchema = z.object({
  fields: z.partialRecord(z.enum(PERSONAL_FIELDS), z.string().nullable()),
  before: z.partialRecord(z.enum(PERSONAL_FIELDS), z.string().nullable()),
});

import type { RegistrationInput } from '@openbroker/domain';
import type { RegistrationDraft } from './draft';

/** What `POST /auth/register` receives; agree_privacy is whatever the country step stored. */
export type RegistrationPayload = Omit<RegistrationInput, 'agree_privacy'> & { agree_privacy: boolean };

/** The form fields a registration form can show (SPEC §3 Registration payload). */
export type RegistrationField = Exclude<keyof RegistrationInput, 'agree_privacy'>;

/** The country the earlier steps settled on: the country step's choice, else the sign-up guess. */
export function draftCountry(draft: RegistrationDraft): string | undefined {
  return draft.countryOfResidence || draft.country || undefined;
}

/**
 * SPEC §2: fields earlier steps already supplied are not asked again. Email and password come from
 * the sign-up start, country and nationality from the country step.
 */
export function prefilledFields(draft: RegistrationDraft): ReadonlySet<RegistrationField> {
  const fields = new Set<RegistrationField>();
  if (draft.email) fields.add('email');
  if (draft.password) {
    fields.add('password');
    fields.add('confirm_password');
  }
  if (draftCountry(draft)) fields.add('country');
  if (draft.nationality) fields.add('nationality');
  return fields;
}

export interface PayloadOptions {
  /**
   * The ic layout shows email and password as editable fields, so what the customer typed there
   * is what is sent; every other layout takes them from the draft.
   */
  credentialsFromForm?: boolean;
}

/**
 * SPEC §7 `POST /auth/register`: "stored email, password, country, nationality override form
 * values". agree_privacy is the country step's answer.
 */
export function buildRegistrationPayload(
  values: RegistrationInput,
  draft: RegistrationDraft,
  options: PayloadOptions = {},
): RegistrationPayload {
  const fromDraft = !options.credentialsFromForm;
  const password = fromDraft && draft.password ? draft.password : values.password;
  return {
    ...values,
    email: fromDraft && draft.email ? draft.email : values.email,
    password,
    confirm_password: fromDraft && draft.password ? draft.password : values.confirm_password,
    country: draftCountry(draft) ?? values.country,
    nationality: draft.nationality || values.nationality,
    agree_privacy: draft.agreePrivacy === true,
  };
}

import { z } from 'zod';

/** SPEC §3: the registration draft is kept under this key between the steps. */
export const REGISTRATION_DRAFT_KEY = 'registration_data';

/**
 * SPEC §3 Registration draft: email, password, country (lowercase slug) and timestamp from the
 * sign-up start, then countryOfResidence, nationality and agreePrivacy from the country step.
 *
 * Everything but the password is kept in localStorage under SPEC's key. The password never is: it
 * lives in this module's memory for the flow only, so nothing readable is left on the device. A
 * reload mid-flow loses it, and /register then asks for it again (`password` is empty).
 */
const storedSchema = z.object({
  email: z.string(),
  country: z.string(),
  timestamp: z.string(),
  countryOfResidence: z.string().optional(),
  nationality: z.string().optional(),
  agreePrivacy: z.boolean().optional(),
});
export type RegistrationDraft = z.infer<typeof storedSchema> & {
  /** In memory only; '' when this page load never saw it (reload) and the form must ask again. */
  password: string;
};

let passwordInMemory = '';

/** The stored draft with the in-memory password, or null when there is none or it cannot be read. */
export function readDraft(): RegistrationDraft | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(REGISTRATION_DRAFT_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    // A draft written before this change may still carry a password: it is not read back.
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? { ...parsed.data, password: passwordInMemory } : null;
  } catch {
    return null;
  }
}

export function writeDraft(draft: RegistrationDraft): void {
  const { password, ...stored } = draft;
  passwordInMemory = password;
  // Only the known keys: a password from an older draft must not survive a rewrite.
  localStorage.setItem(REGISTRATION_DRAFT_KEY, JSON.stringify(storedSchema.parse(stored)));
}

/** Merges the country step's answers into the stored draft. */
export function updateDraft(patch: Partial<Omit<RegistrationDraft, 'password'>>): RegistrationDraft | null {
  const current = readDraft();
  if (!current) return null;
  const next = { ...current, ...patch };
  writeDraft(next);
  return next;
}

export function clearDraft(): void {
  passwordInMemory = '';
  localStorage.removeItem(REGISTRATION_DRAFT_KEY);
}

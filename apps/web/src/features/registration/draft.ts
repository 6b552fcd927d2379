import { z } from 'zod';

/** SPEC §3: the registration draft is kept under this key between the steps. */
export const REGISTRATION_DRAFT_KEY = 'registration_data';

/**
 * SPEC §3 Registration draft: email, password, country (lowercase slug) and timestamp from the
 * sign-up start, then countryOfResidence, nationality and agreePrivacy from the country step.
 * SPEC keeps the password here until the account exists; the draft is removed as soon as it does.
 */
const draftSchema = z.object({
  email: z.string(),
  password: z.string(),
  country: z.string(),
  timestamp: z.string(),
  countryOfResidence: z.string().optional(),
  nationality: z.string().optional(),
  agreePrivacy: z.boolean().optional(),
});
export type RegistrationDraft = z.infer<typeof draftSchema>;

/** The stored draft, or null when there is none or it cannot be read. */
export function readDraft(): RegistrationDraft | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(REGISTRATION_DRAFT_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeDraft(draft: RegistrationDraft): void {
  localStorage.setItem(REGISTRATION_DRAFT_KEY, JSON.stringify(draft));
}

/** Merges the country step's answers into the stored draft. */
export function updateDraft(patch: Partial<RegistrationDraft>): RegistrationDraft | null {
  const current = readDraft();
  if (!current) return null;
  const next = { ...current, ...patch };
  writeDraft(next);
  return next;
}

export function clearDraft(): void {
  localStorage.removeItem(REGISTRATION_DRAFT_KEY);
}

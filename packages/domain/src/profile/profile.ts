import { z } from 'zod';
import { financialAnswersObject } from './questionnaire.ts';

export const APPROPRIATENESS_BANDS = ['appropriate', 'low'] as const;

/** A stored financial profile as the customer and staff read it. */
export const financialProfileSchema = z.object({
  answers: financialAnswersObject,
  score: z.number().int(),
  band: z.enum(APPROPRIATENESS_BANDS),
  /** When the customer acknowledged the low-score risk warning (null when none was needed). */
  risk_acknowledged_at: z.string().nullable(),
  completed_at: z.string(),
  updated_at: z.string(),
});
export type FinancialProfile = z.infer<typeof financialProfileSchema>;

/** `GET /profile/financial`: the profile (null until answered) and what the onboarding screens need. */
export const financialProfileStatusSchema = z.object({
  profile: financialProfileSchema.nullable(),
  completed: z.boolean(),
  /** Staff setting: approval waits for verification, so the customer is told to finish the ID check. */
  approval_requires_verification: z.boolean(),
});
export type FinancialProfileStatus = z.infer<typeof financialProfileStatusSchema>;

/** `GET/PATCH /admin/onboarding-settings`. */
export const onboardingSettingsSchema = z.object({ approval_requires_verification: z.boolean() });
export type OnboardingSettings = z.infer<typeof onboardingSettingsSchema>;
export const onboardingSettingsUpdateSchema = z.strictObject({
  approval_requires_verification: z.boolean({ error: 'Choose on or off.' }),
});

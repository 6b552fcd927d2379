import { z } from 'zod';
import { MESSAGES, passwordSchema } from './auth.ts';
import { REGISTRATION_MESSAGES } from './registration.ts';

/** The words of the security settings and the sign-in second step, shared by forms and server. */
export const SECURITY_MESSAGES = {
  wrongPassword: 'The current password is incorrect.',
  samePassword: 'The new password must be different from the current one.',
  passwordChanged: 'Your password has been changed. Other sessions have been signed out.',
  code: 'Enter the 6-digit code from your authenticator app',
  recoveryCode: 'Enter a recovery code like abcde-12345',
  wrongCode: 'That code is not valid. Please check your authenticator app and try again.',
  usedCode: 'That code has already been used. Wait for the next code and try again.',
  wrongRecoveryCode: 'That recovery code is not valid or has already been used.',
  challengeExpired: 'Your sign-in has expired. Please enter your email and password again.',
  notPending: 'Start the set-up again: there is no two-factor set-up waiting for a code.',
  alreadyOn: 'Two-factor authentication is already on.',
  notOn: 'Two-factor authentication is not on.',
  oneOfCodes: 'Enter either a code or a recovery code',
} as const;

/** Six digits, as authenticator apps show them (spaces tolerated: "123 456"). */
export const totpCodeSchema = z
  .string({ error: MESSAGES.required })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, SECURITY_MESSAGES.code));

/** `abcde-12345`: ten characters from a lowercase base-32 alphabet; case and spaces are forgiven. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-[a-z2-7]{5}$/;
export const recoveryCodeSchema = z
  .string({ error: MESSAGES.required })
  .transform((v) => v.replace(/\s+/g, '').toLowerCase())
  .pipe(z.string().regex(RECOVERY_CODE_PATTERN, SECURITY_MESSAGES.recoveryCode));

/** A code from the app or, when the phone is lost, a recovery code (disable, regenerate). */
export const secondFactorSchema = z
  .string({ error: MESSAGES.required })
  .transform((v) => v.replace(/\s+/g, '').toLowerCase())
  .pipe(z.string().refine((v) => /^\d{6}$/.test(v) || RECOVERY_CODE_PATTERN.test(v), SECURITY_MESSAGES.code));

/** `POST /security/password`. */
export const changePasswordSchema = z
  .object({
    current_password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(200),
    password: passwordSchema,
    confirm_password: z.string({ error: MESSAGES.required }),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: REGISTRATION_MESSAGES.passwordsDiffer,
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** `POST /security/2fa/setup` answer: the pending secret, for the QR code and manual entry. */
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** `POST /security/2fa/enable`. */
export const twoFactorEnableSchema = z.object({ code: totpCodeSchema });

/** `POST /security/2fa/disable`. */
export const twoFactorDisableSchema = z.object({
  password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(200),
  code: secondFactorSchema,
});

/** `POST /security/2fa/recovery-codes`. */
export const recoveryCodesRequestSchema = z.object({ code: secondFactorSchema });

/** Ten codes, shown once: only their keyed hashes are kept. */
export const RECOVERY_CODE_COUNT = 10;
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

/** `GET /security/2fa`. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** `POST /auth/login` when the account has two-factor on: no session yet, only a short-lived challenge. */
export const twoFactorChallengeSchema = z.object({
  two_factor_required: z.literal(true),
  challenge: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** `POST /auth/login/2fa`: the challenge with exactly one of a code or a recovery code. */
export const loginSecondStepSchema = z
  .object({
    challenge: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(1000),
    code: totpCodeSchema.optional(),
    recovery_code: recoveryCodeSchema.optional(),
  })
  .refine((v) => (v.code === undefined) !== (v.recovery_code === undefined), {
    path: ['code'],
    message: SECURITY_MESSAGES.oneOfCodes,
  });
export type LoginSecondStep = z.infer<typeof loginSecondStepSchema>;

/** One row of `GET /security/sessions`. */
export const activeSessionSchema = z.object({
  id: z.number().int(),
  device: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

import { z } from 'zod';
import { emailSchema, MESSAGES, passwordSchema } from './auth.ts';

/** SPEC §5 and §8 words for registration, shared by the forms and the server. */
export const REGISTRATION_MESSAGES = {
  firstName: 'First name must be at least 2 characters',
  lastName: 'Last name must be at least 2 characters',
  username: 'Username must be at least 3 characters',
  phone: 'Please enter a valid phone number',
  passwordsDiffer: 'Passwords do not match',
  privacy: 'Please agree to the Privacy Policy',
  emailTaken: 'Email is already registered',
  usernameTaken: 'This username is already taken',
  emailAvailable: 'Email verified successfully! Please continue with registration.',
  completeFirst: 'Please complete the registration process first',
} as const;

/** SPEC §9 minimums. */
export const MIN_LENGTHS = { password: 8, username: 3, name: 2, phone: 6 } as const;
export const DEFAULT_COUNTRY_CODE = '+1';

/** `POST /auth/check-email`. */
export const checkEmailSchema = z.object({ email: emailSchema });

/** Sign-up start form (SPEC §2 /signup): email and password. */
export const signupStartSchema = z.object({ email: emailSchema, password: passwordSchema });

const plainText = z.string().trim().max(100);

/**
 * The basic registration form (SPEC §5). `agree_privacy` carries the 18+ privacy box from the
 * country step, so the server refuses an account whose holder never agreed.
 */
export const registrationSchema = z
  .object({
    first_name: z
      .string({ error: MESSAGES.required })
      .trim()
      .min(MIN_LENGTHS.name, REGISTRATION_MESSAGES.firstName)
      .max(60),
    last_name: z
      .string({ error: MESSAGES.required })
      .trim()
      .min(MIN_LENGTHS.name, REGISTRATION_MESSAGES.lastName)
      .max(60),
    username: z
      .string({ error: MESSAGES.required })
      .trim()
      .min(MIN_LENGTHS.username, REGISTRATION_MESSAGES.username)
      .max(40)
      .regex(/^[A-Za-z0-9._-]+$/, 'Username may use letters, digits, dot, dash and underscore only'),
    email: emailSchema,
    phone: z
      .string({ error: MESSAGES.required })
      .trim()
      .min(MIN_LENGTHS.phone, REGISTRATION_MESSAGES.phone)
      .max(30),
    country_code: plainText.default(DEFAULT_COUNTRY_CODE),
    country: plainText.default(''),
    nationality: plainText.default(''),
    password: passwordSchema,
    confirm_password: z.string({ error: MESSAGES.required }),
    agree_privacy: z.literal(true, { error: REGISTRATION_MESSAGES.privacy }),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: REGISTRATION_MESSAGES.passwordsDiffer,
  });
export type RegistrationInput = z.infer<typeof registrationSchema>;

/** `POST /auth/forgot-password`. */
export const forgotPasswordSchema = z.object({ email: emailSchema });

/** `POST /auth/reset-password`. */
export const resetPasswordSchema = z
  .object({ token: z.string().min(20).max(200), password: passwordSchema, confirm_password: z.string() })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: REGISTRATION_MESSAGES.passwordsDiffer,
  });

/** `POST /auth/auto-login`. */
export const autoLoginSchema = z.object({ token: z.string().min(20).max(200) });
/** `POST /auth/unlock`: the one-time link mailed when wrong passwords locked the account. */
export const unlockAccountSchema = z.object({ token: z.string().trim().min(20).max(200) });
export type UnlockAccountInput = z.infer<typeof unlockAccountSchema>;

/** Statuses staff may set on a customer (SPEC §3 "status": deactivated, pending; active passes). */
export const USER_STATUSES = ['active', 'pending', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const adminUserUpdateSchema = z.object({ status: z.enum(USER_STATUSES) }).strict();

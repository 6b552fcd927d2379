import { z } from 'zod';

/** SPEC §5 messages, used by both the forms and the server so the words never drift. */
export const MESSAGES = {
  email: 'Please enter a valid email address',
  password: 'Password must be at least 8 characters',
  required: 'Required',
} as const;

export const emailSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .toLowerCase()
  .pipe(z.email(MESSAGES.email));
export const passwordSchema = z.string({ error: MESSAGES.required }).min(8, MESSAGES.password).max(200);

/** `POST /auth/login` (DESIGN §4). */
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

import type { User } from '@openbroker/domain';
import { z } from 'zod';
import { api } from '@/api/client';
import type { RegistrationPayload } from './payload';

const checkEmailAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string().optional().default(''),
  data: z.object({ available: z.boolean().optional(), country: z.string().nullish() }).optional().default({}),
});
export type CheckEmailAnswer = z.infer<typeof checkEmailAnswerSchema>;

/** `POST /auth/check-email` `{ email }` (SPEC §7). */
export async function checkEmail(email: string): Promise<CheckEmailAnswer> {
  const response = await api.post<unknown>('/auth/check-email', { email });
  return checkEmailAnswerSchema.parse(response.data);
}

/** SPEC §7: "unavailable if success false or available false". */
export function isEmailAvailable(answer: CheckEmailAnswer): boolean {
  return answer.success && answer.data.available === true;
}

/** `POST /auth/register` with the full SPEC §3 registration payload; answers 201 with the user. */
export async function registerAccount(payload: RegistrationPayload): Promise<User | undefined> {
  const response = await api.post<{ data?: User }>('/auth/register', payload);
  return response.data?.data;
}

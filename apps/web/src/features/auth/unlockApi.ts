import { z } from 'zod';
import { api } from '@/api/client';

const messageAnswerSchema = z.object({ message: z.string() });

/**
 * `POST /auth/unlock` `{ token }`: redeems the link mailed when wrong passwords paused sign-in.
 * Answers the server's confirmation; a 400 means the link is spent, unknown or expired.
 */
export async function unlockAccount(token: string): Promise<string> {
  const response = await api.post<unknown>('/auth/unlock', { token });
  return messageAnswerSchema.parse(response.data).message;
}

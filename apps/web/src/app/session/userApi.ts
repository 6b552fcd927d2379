import { type User, userSchema } from '@openbroker/domain';
import { api, type Envelope } from '@/api/client';

/** `GET /user[?account_index=n]` (SPEC §7: "data.data is the user"), parsed rather than trusted. */
export async function fetchCurrentUser(accountIndex: number): Promise<User> {
  const response = await api.get<Envelope<unknown>>('/user', {
    params: accountIndex > 0 ? { account_index: accountIndex } : undefined,
  });
  return userSchema.parse(response.data.data);
}

/** `POST /user/heartbeat` (SPEC §7): marks the user online. */
export async function sendHeartbeat(): Promise<void> {
  await api.post('/user/heartbeat');
}

import type { LoginInput } from '@openbroker/domain';
import { api, type Envelope } from '@/api/client';
import type { SessionUser } from '@/stores/sessionStore';

interface LoginResponse {
  user: SessionUser;
}

/**
 * `POST /auth/login` (DESIGN §4). The server answers with the user and sets the HttpOnly session
 * cookie; a token in the body, if any, is for API clients and deliberately ignored here.
 */
export async function login(input: LoginInput): Promise<SessionUser> {
  const response = await api.post<Envelope<LoginResponse>>('/auth/login', {
    email: input.email,
    password: input.password,
  });
  const user = response.data?.data?.user;
  if (!user || typeof user !== 'object') {
    throw new Error('The sign-in answer did not include a user.');
  }
  return user;
}

/** `POST /auth/logout`: revokes the session server-side and clears the cookie. */
export async function logout(): Promise<void> {
  await api.post('/auth/logout');
}

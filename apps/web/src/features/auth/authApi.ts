import {
  type LoginInput,
  type LoginSecondStep,
  type TwoFactorChallenge,
  twoFactorChallengeSchema,
  type User,
  userSchema,
} from '@openbroker/domain';
import { z } from 'zod';
import { api } from '@/api/client';

/**
 * The answer of `POST /auth/login` and `POST /auth/auto-login`. A token in the body is for API
 * clients and deliberately not kept: the browser's session is the HttpOnly cookie set alongside.
 */
const sessionAnswerSchema = z.object({ data: z.object({ user: userSchema }) });

const messageAnswerSchema = z.object({ message: z.string() });

const challengeAnswerSchema = z.object({ data: twoFactorChallengeSchema });

/**
 * `POST /auth/login` (DESIGN §4): the server answers with the user and sets the session cookie, or,
 * when the account has two-factor on, with a short-lived challenge for `POST /auth/login/2fa`.
 */
export async function login(input: LoginInput): Promise<User | TwoFactorChallenge> {
  const response = await api.post<unknown>('/auth/login', {
    email: input.email,
    password: input.password,
  });
  const challenge = challengeAnswerSchema.safeParse(response.data);
  if (challenge.success) return challenge.data.data;
  return sessionAnswerSchema.parse(response.data).data.user;
}

/** `POST /auth/login/2fa` `{ challenge, code }` or `{ challenge, recovery_code }`: completes the sign-in. */
export async function loginSecondStep(input: LoginSecondStep): Promise<User> {
  const response = await api.post<unknown>('/auth/login/2fa', input, { keepSessionOn401: true });
  return sessionAnswerSchema.parse(response.data).data.user;
}

/**
 * `POST /auth/auto-login` `{ token }`: exchanges a one-time sign-in link for a session. A 401 here
 * means the link is spent or unknown, which the page shows, so it must not end the session.
 */
export async function autoLogin(token: string): Promise<User> {
  const response = await api.post<unknown>('/auth/auto-login', { token }, { keepSessionOn401: true });
  return sessionAnswerSchema.parse(response.data).data.user;
}

/** `POST /auth/forgot-password` `{ email }`: the same message whether or not the email exists. */
export async function forgotPassword(email: string): Promise<string> {
  const response = await api.post<unknown>('/auth/forgot-password', { email });
  return messageAnswerSchema.parse(response.data).message;
}

/** `POST /auth/reset-password` `{ token, password, confirm_password }`. */
export async function resetPassword(input: {
  token: string;
  password: string;
  confirm_password: string;
}): Promise<string> {
  const response = await api.post<unknown>('/auth/reset-password', input);
  return messageAnswerSchema.parse(response.data).message;
}

/** `POST /auth/logout`: revokes the session server-side and clears the cookie. */
export async function logout(): Promise<void> {
  await api.post('/auth/logout');
}

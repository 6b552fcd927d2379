import type { LoginInput, TwoFactorChallenge, User } from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import { presentUser } from '../users/presentUser.ts';
import { findUserByEmail } from '../users/repo.ts';
import { SESSION_TTL_MS } from './authPlugin.ts';
import { burnVerifyTime, verifyPassword } from './passwords.ts';
import { endSessions } from './revocation.ts';
import { insertSession, type UserRow } from './sessionRepo.ts';
import type { Throttle } from './throttle.ts';
import { hashToken, newToken } from './tokens.ts';

export const STAFF_DISABLED = 'This staff account is disabled. Ask an administrator to enable it.';

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** The second factor's hook into sign-in (security/twoFactorService.ts): a challenge when it is on. */
export interface SecondFactorGate {
  challengeFor(user: UserRow): Promise<TwoFactorChallenge | null>;
}

export function createAuthService(deps: {
  db: Db;
  clock: Clock;
  bus: Bus;
  throttle: Throttle;
  secondFactor?: SecondFactorGate;
}) {
  async function startSession(user: UserRow, client: ClientInfo): Promise<{ user: User; token: string }> {
    const token = newToken();
    const now = deps.clock.now();
    await insertSession(deps.db, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 400) ?? null,
    });
    return { user: await presentUser(deps.db, user, now), token };
  }

  return {
    startSession,

    /**
     * Checks the password and opens a session. A wrong email and a wrong password look and take the
     * same; repeated failures are throttled per account and per address.
     */
    async login(
      input: LoginInput,
      client: ClientInfo,
    ): Promise<{ user: User; token: string } | TwoFactorChallenge> {
      // Counted before the slow password check, in one atomic step (throttle.ts).
      const attempt = await deps.throttle.attempt('login', input.email, client.ip);
      const user = await findUserByEmail(deps.db, input.email);
      const valid = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await burnVerifyTime(input.password);
      if (!user || !valid) {
        await deps.throttle.failed(attempt);
        throw new AppError('INVALID_CREDENTIALS');
      }
      // Two-factor on: no session yet, and this try stays counted until the code is right.
      const challenge = await deps.secondFactor?.challengeFor(user);
      if (challenge) return challenge;
      await deps.throttle.succeeded(attempt);
      // A disabled staff member is refused outright (a customer instead sees "Account Currently
      // Disabled" in the client, SPEC §4); only after the password, so it reveals nothing to others.
      if (user.role === 'staff' && user.status === 'deactivated')
        throw new AppError('FORBIDDEN', STAFF_DISABLED);
      return startSession(user, client);
    },

    /** Ends this session and its sockets on every node. */
    async logout(userId: number, sessionId: number): Promise<void> {
      await endSessions(deps, userId, { only: sessionId, reason: 'logout' });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

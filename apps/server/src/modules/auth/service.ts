import type { LoginInput, User } from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { presentUser } from '../users/presentUser.ts';
import { findUserByEmail } from '../users/repo.ts';
import { SESSION_TTL_MS } from './authPlugin.ts';
import { burnVerifyTime, verifyPassword } from './passwords.ts';
import { insertSession, revokeSession, type UserRow } from './sessionRepo.ts';
import type { Throttle } from './throttle.ts';
import { hashToken, newToken } from './tokens.ts';

export const STAFF_DISABLED = 'This staff account is disabled. Ask an administrator to enable it.';

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export function createAuthService(deps: { db: Db; clock: Clock; throttle: Throttle }) {
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
    async login(input: LoginInput, client: ClientInfo): Promise<{ user: User; token: string }> {
      await deps.throttle.assertAllowed('login', input.email, client.ip);
      const user = await findUserByEmail(deps.db, input.email);
      const valid = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await burnVerifyTime(input.password);
      if (!user || !valid) {
        await deps.throttle.record('login', input.email, client.ip);
        throw new AppError('INVALID_CREDENTIALS');
      }
      await deps.throttle.clearAccount('login', input.email);
      // A disabled staff member is refused outright (a customer instead sees "Account Currently
      // Disabled" in the client, SPEC §4); only after the password, so it reveals nothing to others.
      if (user.role === 'staff' && user.status === 'deactivated')
        throw new AppError('FORBIDDEN', STAFF_DISABLED);
      return startSession(user, client);
    },

    async logout(sessionId: number): Promise<void> {
      await revokeSession(deps.db, sessionId, deps.clock.now());
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

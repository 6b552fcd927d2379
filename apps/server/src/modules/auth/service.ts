import type { LoginInput } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { presentUser, type PresentedUser } from '../users/presentUser.ts';
import { SESSION_TTL_MS } from './authPlugin.ts';
import { burnVerifyTime, verifyPassword } from './passwords.ts';
import { insertSession, revokeSession, type UserRow } from './sessionRepo.ts';
import { hashToken, newToken } from './tokens.ts';

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export function createAuthService(deps: { db: Db; clock: Clock }) {
  async function startSession(user: UserRow, client: ClientInfo): Promise<string> {
    const token = newToken();
    const now = deps.clock.now();
    await insertSession(deps.db, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 400) ?? null,
    });
    return token;
  }

  return {
    startSession,

    /** Checks the password and opens a session; a wrong email and a wrong password look the same. */
    async login(input: LoginInput, client: ClientInfo): Promise<{ user: PresentedUser; token: string }> {
      const [user] = await deps.db.select().from(users).where(eq(users.email, input.email)).limit(1);
      if (!user) {
        await burnVerifyTime(input.password);
        throw new AppError('INVALID_CREDENTIALS');
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) throw new AppError('INVALID_CREDENTIALS');
      const token = await startSession(user, client);
      return { user: await presentUser(deps.db, user), token };
    },

    async logout(sessionId: number): Promise<void> {
      await revokeSession(deps.db, sessionId, deps.clock.now());
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

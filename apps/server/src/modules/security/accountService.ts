import {
  type ActiveSession,
  type ChangePasswordInput,
  describeUserAgent,
  type Preferences,
  type PreferencesUpdate,
  resolvePreferences,
  SECURITY_MESSAGES,
} from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import { AppError, validationError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { RequestAuth } from '../auth/authPlugin.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { endSessions } from '../auth/revocation.ts';
import { insertNotification, publishNotification } from '../notifications/repo.ts';
import { setPasswordHash } from '../users/repo.ts';
import * as repo from './repo.ts';

/** Password change, the active sessions list and preferences of the signed-in user. */
export function createAccountSecurity(deps: { db: Db; clock: Clock; bus: Bus }) {
  const { db, clock } = deps;
  return {
    /** Keeps this session; every other session and its sockets end; the user is told. */
    async changePassword(auth: RequestAuth, input: ChangePasswordInput): Promise<void> {
      const { user } = auth;
      if (!(await verifyPassword(user.passwordHash, input.current_password)))
        throw validationError({ current_password: [SECURITY_MESSAGES.wrongPassword] });
      if (input.password === input.current_password)
        throw validationError({ password: [SECURITY_MESSAGES.samePassword] });
      const now = clock.now();
      await setPasswordHash(db, user.id, await hashPassword(input.password), now);
      await endSessions(deps, user.id, { except: auth.sessionId, reason: 'password_change' });
      const note = await insertNotification(db, {
        userId: user.id,
        title: 'Password changed',
        message:
          'Your password was changed and your other sessions were signed out. If this was not you, contact support.',
        color: 'warning',
      });
      publishNotification(deps.bus, note);
    },

    async sessions(auth: RequestAuth): Promise<ActiveSession[]> {
      const rows = await repo.liveSessions(db, auth.user.id, clock.now());
      return rows.map((r) => ({
        id: r.id,
        device: describeUserAgent(r.userAgent),
        ip: r.ip,
        created_at: r.createdAt.toISOString(),
        last_used_at: r.lastUsedAt.toISOString(),
        current: r.id === auth.sessionId,
      }));
    },

    /** Signs out one of the user's own sessions (its sockets drop on every node). */
    async revokeSession(auth: RequestAuth, sessionId: number): Promise<void> {
      const live = await repo.liveSessions(db, auth.user.id, clock.now());
      if (!live.some((s) => s.id === sessionId))
        throw new AppError('NOT_FOUND', 'This session has already ended.');
      await endSessions(deps, auth.user.id, {
        only: sessionId,
        reason: sessionId === auth.sessionId ? 'logout' : 'signed_out_elsewhere',
      });
    },

    async revokeOthers(auth: RequestAuth): Promise<number> {
      const { revokedIds } = await endSessions(deps, auth.user.id, {
        except: auth.sessionId,
        reason: 'signed_out_elsewhere',
      });
      return revokedIds.length;
    },

    async preferences(userId: number): Promise<Preferences> {
      return resolvePreferences(await repo.storedPreferences(db, userId));
    },

    async updatePreferences(userId: number, update: PreferencesUpdate): Promise<Preferences> {
      const next = resolvePreferences({ ...(await this.preferences(userId)), ...update });
      await repo.savePreferences(db, userId, next, clock.now());
      return next;
    },
  };
}
export type AccountSecurity = ReturnType<typeof createAccountSecurity>;

import type { User } from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { findUserByEmail, findUserById, setPasswordHash } from '../users/repo.ts';
import { issueOneTimeToken, redeemOneTimeToken } from './oneTimeTokens.ts';
import { hashPassword } from './passwords.ts';
import { type AuthService, type ClientInfo, STAFF_DISABLED } from './service.ts';
import { revokeUserSessions } from './sessionRepo.ts';
import type { Throttle } from './throttle.ts';

export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that email, we have sent a link to reset its password. The link works for one hour.';
export const RESET_INVALID_MESSAGE = 'This reset link is invalid or has expired. Please request a new one.';
export const AUTO_LOGIN_INVALID_MESSAGE = 'This sign-in link is invalid or has expired.';

export function createRecoveryService(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  auth: AuthService;
  throttle: Throttle;
  publicUrl: string;
}) {
  return {
    /** Same answer whether or not the email exists; requests are throttled like sign-ins. */
    async forgotPassword(email: string, client: ClientInfo): Promise<string> {
      await deps.throttle.assertAllowed('reset', email, client.ip);
      await deps.throttle.record('reset', email, client.ip);
      const user = await findUserByEmail(deps.db, email);
      if (user && user.status !== 'deactivated') {
        const token = await issueOneTimeToken(deps.db, user.id, 'password_reset', deps.clock.now());
        await deps.mailer.send({
          to: user.email,
          subject: 'Reset your password',
          body: `Hello ${user.firstName || user.email},\n\nUse this link within one hour to choose a new password:\n${deps.publicUrl}/forgot-password?token=${token}\n\nIf you did not ask for this, ignore this mail; your password stays as it is.`,
        });
      }
      return RESET_REQUESTED_MESSAGE;
    },

    /** Sets the new password and ends every session of the account. */
    async resetPassword(token: string, password: string): Promise<void> {
      const now = deps.clock.now();
      const userId = await redeemOneTimeToken(deps.db, token, 'password_reset', now);
      if (userId === undefined) throw new AppError('BAD_REQUEST', RESET_INVALID_MESSAGE);
      await setPasswordHash(deps.db, userId, await hashPassword(password), now);
      await revokeUserSessions(deps.db, userId, now);
    },

    /** A one-time link staff make for a customer (`/auto-login?token=`), valid five minutes. */
    async createAutoLoginLink(userId: number): Promise<string> {
      const token = await issueOneTimeToken(deps.db, userId, 'auto_login', deps.clock.now());
      return `${deps.publicUrl}/auto-login?token=${token}`;
    },

    async autoLogin(token: string, client: ClientInfo): Promise<{ user: User; token: string }> {
      const userId = await redeemOneTimeToken(deps.db, token, 'auto_login', deps.clock.now());
      const user = userId === undefined ? undefined : await findUserById(deps.db, userId);
      if (!user) throw new AppError('UNAUTHENTICATED', AUTO_LOGIN_INVALID_MESSAGE);
      if (user.role === 'staff' && user.status === 'deactivated')
        throw new AppError('FORBIDDEN', STAFF_DISABLED);
      return deps.auth.startSession(user, client);
    },
  };
}
export type RecoveryService = ReturnType<typeof createRecoveryService>;

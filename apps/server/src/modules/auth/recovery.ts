import type { User } from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Bus } from '../../realtime/bus.ts';
import { findUserByEmail, findUserById, setPasswordHash } from '../users/repo.ts';
import { issueOneTimeToken, redeemOneTimeToken } from './oneTimeTokens.ts';
import { hashPassword } from './passwords.ts';
import { endSessions } from './revocation.ts';
import { type AuthService, type ClientInfo, STAFF_DISABLED } from './service.ts';
import type { Throttle } from './throttle.ts';

export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that email, we have sent a link to reset its password. The link works for one hour.';
export const RESET_INVALID_MESSAGE = 'This reset link is invalid or has expired. Please request a new one.';
export const AUTO_LOGIN_INVALID_MESSAGE = 'This sign-in link is invalid or has expired.';
export const UNLOCK_INVALID_MESSAGE =
  'This unlock link is invalid, already used or has expired. Wait 15 minutes or ask for a password reset.';
export const UNLOCKED_MESSAGE = 'Your account is unlocked. You can sign in again now.';

/**
 * Mails the owner of a just-locked account a one-time `/unlock?token=` link (the throttle calls this
 * once per lock). An unknown or deactivated email gets nothing, and the sign-in answer is the same.
 */
export async function sendUnlockLink(
  deps: { db: Db; clock: Clock; mailer: Mailer; publicUrl: string },
  email: string,
): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.status === 'deactivated') return;
  const token = await issueOneTimeToken(deps.db, user.id, 'account_unlock', deps.clock.now());
  await deps.mailer.send({
    to: user.email,
    subject: 'Sign-in paused after several wrong passwords',
    body: `Hello ${user.firstName || user.email},\n\nSomeone (perhaps you) entered a wrong password for your account several times, so signing in is paused for 15 minutes.\n\nIf it was you, use this link to sign in again at once (it works once, for one hour):\n${deps.publicUrl}/unlock?token=${token}\n\nIf it was not you, your account is safe; consider choosing a new password with "Forgot password".`,
  });
}

export function createRecoveryService(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  bus: Bus;
  auth: AuthService;
  throttle: Throttle;
  publicUrl: string;
}) {
  return {
    /** Same answer whether or not the email exists; requests are throttled like sign-ins. */
    async forgotPassword(email: string, client: ClientInfo): Promise<string> {
      // Every request counts (none "succeeds"), so the ticket is never given back.
      await deps.throttle.attempt('reset', email, client.ip);
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

    /** Sets the new password and ends every session of the account, sockets on every node included. */
    async resetPassword(token: string, password: string): Promise<void> {
      const now = deps.clock.now();
      const userId = await redeemOneTimeToken(deps.db, token, 'password_reset', now);
      if (userId === undefined) throw new AppError('BAD_REQUEST', RESET_INVALID_MESSAGE);
      await setPasswordHash(deps.db, userId, await hashPassword(password), now);
      await endSessions(deps, userId, { reason: 'password_reset' });
    },

    /** Redeems an unlock link: the account's sign-in count is cleared. */
    async unlock(token: string): Promise<string> {
      const userId = await redeemOneTimeToken(deps.db, token, 'account_unlock', deps.clock.now());
      const user = userId === undefined ? undefined : await findUserById(deps.db, userId);
      if (!user) throw new AppError('BAD_REQUEST', UNLOCK_INVALID_MESSAGE);
      await deps.throttle.clearAccount('login', user.email);
      return UNLOCKED_MESSAGE;
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

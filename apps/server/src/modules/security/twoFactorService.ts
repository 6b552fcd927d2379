import {
  type LoginSecondStep,
  SECURITY_MESSAGES,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import { AppError, validationError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { DbOrTx } from '../accounts/repo.ts';
import type { AuditActor, AuditService } from '../audit/service.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { endSessions } from '../auth/revocation.ts';
import { STAFF_DISABLED } from '../auth/service.ts';
import type { UserRow } from '../auth/sessionRepo.ts';
import type { Throttle } from '../auth/throttle.ts';
import { insertNotification, publishNotification } from '../notifications/repo.ts';
import type { SettingsService } from '../settings/service.ts';
import { findUserById } from '../users/repo.ts';
import { challengeMatches, issueChallenge, readChallenge } from './challenge.ts';
import { hashRecoveryCode, newRecoveryCodes } from './recoveryCodes.ts';
import * as repo from './repo.ts';
import type { SecretBox } from './secretBox.ts';
import { matchingStep, newTotpSecret, otpauthUrl } from './totp.ts';

type FactorCheck = 'ok' | 'wrong' | 'replayed';

export function createTwoFactorService(deps: {
  db: Db;
  clock: Clock;
  bus: Bus;
  box: SecretBox;
  throttle: Throttle;
  audit: AuditService;
  settings: SettingsService;
}) {
  const { db, clock, box } = deps;
  const context = (userId: number) => `totp:${userId}`;

  /** A code from the app (replay-checked) or an unused recovery code (spent). */
  async function checkFactor(
    tx: DbOrTx,
    userId: number,
    code: string,
    enabledOnly = true,
  ): Promise<FactorCheck> {
    const row = await repo.findTwoFactor(tx, userId);
    if (!row || (enabledOnly && !row.enabledAt)) return 'wrong';
    const now = clock.now();
    if (!/^\d{6}$/.test(code)) {
      const spent = await repo.useRecoveryCode(tx, userId, hashRecoveryCode(box, userId, code), now);
      return spent ? 'ok' : 'wrong';
    }
    const secret = box.open(row.secretSealed, context(userId));
    const step = secret ? matchingStep(secret, code, now) : null;
    if (step === null) return 'wrong';
    return (await repo.claimStep(tx, userId, step)) ? 'ok' : 'replayed';
  }

  function refuse(check: Exclude<FactorCheck, 'ok'>, field: string, recovery: boolean): never {
    const message =
      check === 'replayed'
        ? SECURITY_MESSAGES.usedCode
        : recovery
          ? SECURITY_MESSAGES.wrongRecoveryCode
          : SECURITY_MESSAGES.wrongCode;
    throw validationError({ [field]: [message] });
  }

  async function notify(tx: DbOrTx, userId: number, title: string, message: string) {
    return insertNotification(tx, { userId, title, message, color: 'warning' });
  }

  async function freshCodes(tx: DbOrTx, userId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    await repo.replaceRecoveryCodes(
      tx,
      userId,
      codes.map((c) => hashRecoveryCode(box, userId, c)),
    );
    return codes;
  }

  return {
    async status(userId: number): Promise<TwoFactorStatus> {
      const row = await repo.findTwoFactor(db, userId);
      return {
        enabled: Boolean(row?.enabledAt),
        enabled_at: row?.enabledAt?.toISOString() ?? null,
        recovery_codes_left: row?.enabledAt ? await repo.recoveryCodesLeft(db, userId) : 0,
      };
    },

    /** A new pending secret (replacing an earlier pending one); nothing changes at sign-in yet. */
    async setup(user: UserRow): Promise<TwoFactorSetup> {
      const secret = newTotpSecret();
      const saved = await repo.savePendingSecret(db, user.id, box.seal(secret, context(user.id)));
      if (!saved) throw new AppError('CONFLICT', SECURITY_MESSAGES.alreadyOn);
      const site = await deps.settings.get();
      return { secret, otpauth_url: otpauthUrl(secret, user.email, site.name || 'OpenBroker') };
    },

    /** The first valid code turns the pending secret on; the recovery codes are returned once. */
    async enable(userId: number, code: string): Promise<string[]> {
      const { codes, note } = await db.transaction(async (tx) => {
        const row = await repo.findTwoFactor(tx, userId);
        if (!row) throw new AppError('CONFLICT', SECURITY_MESSAGES.notPending);
        if (row.enabledAt) throw new AppError('CONFLICT', SECURITY_MESSAGES.alreadyOn);
        const check = await checkFactor(tx, userId, code, false);
        if (check !== 'ok') refuse(check, 'code', false);
        await repo.markEnabled(tx, userId, clock.now());
        const codes = await freshCodes(tx, userId);
        const note = await notify(
          tx,
          userId,
          'Two-factor authentication turned on',
          'Signing in now asks for a code from your authenticator app.',
        );
        return { codes, note };
      });
      publishNotification(deps.bus, note);
      return codes;
    },

    async disable(user: UserRow, password: string, code: string): Promise<void> {
      if (!(await verifyPassword(user.passwordHash, password)))
        throw validationError({ password: [SECURITY_MESSAGES.wrongPassword] });
      const note = await db.transaction(async (tx) => {
        const check = await checkFactor(tx, user.id, code);
        if (check !== 'ok') refuse(check, 'code', !/^\d{6}$/.test(code));
        await repo.deleteTwoFactor(tx, user.id);
        return notify(
          tx,
          user.id,
          'Two-factor authentication turned off',
          'Signing in no longer asks for a code. If this was not you, change your password now.',
        );
      });
      publishNotification(deps.bus, note);
    },

    async regenerate(userId: number, code: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        const check = await checkFactor(tx, userId, code);
        if (check !== 'ok') refuse(check, 'code', !/^\d{6}$/.test(code));
        return freshCodes(tx, userId);
      });
    },

    /** Called by the password step of sign-in: a challenge when two-factor is on, else null. */
    async challengeFor(user: UserRow): Promise<{ two_factor_required: true; challenge: string } | null> {
      if (!(await repo.twoFactorEnabled(db, user.id))) return null;
      return { two_factor_required: true, challenge: issueChallenge(box, user, clock.now()) };
    },

    /**
     * The second step of sign-in. Each try counts towards the login throttle (the password step's
     * try stays counted too), so a known password does not buy unlimited code guesses.
     */
    async completeLogin(input: LoginSecondStep, ip: string | null): Promise<UserRow> {
      const read = readChallenge(box, input.challenge, clock.now());
      const user = read ? await findUserById(db, read.userId) : undefined;
      if (!read || !user || !challengeMatches(box, read, user.passwordHash))
        throw new AppError('UNAUTHENTICATED', SECURITY_MESSAGES.challengeExpired);
      const ticket = await deps.throttle.attempt('login', user.email, ip);
      const recovery = input.recovery_code !== undefined;
      const check = await checkFactor(db, user.id, input.recovery_code ?? input.code ?? '');
      if (check !== 'ok') {
        await deps.throttle.failed(ticket);
        refuse(check, recovery ? 'recovery_code' : 'code', recovery);
      }
      await deps.throttle.succeeded(ticket);
      if (user.role === 'staff' && user.status === 'deactivated')
        throw new AppError('FORBIDDEN', STAFF_DISABLED);
      return user;
    },

    /** Staff reset (lost phone and codes): audited, the user's sessions and sockets end, the user is told. */
    async staffReset(actor: AuditActor, userId: number, reason: string | null): Promise<void> {
      const user = await findUserById(db, userId);
      if (user?.role !== 'customer') throw new AppError('NOT_FOUND', 'No such client.');
      const result = await db.transaction(async (tx) => {
        const row = await repo.findTwoFactor(tx, userId);
        if (!row?.enabledAt) throw new AppError('CONFLICT', SECURITY_MESSAGES.notOn);
        await repo.deleteTwoFactor(tx, userId);
        await deps.audit.record(tx, actor, {
          action: 'security.2fa_reset',
          objectType: 'user',
          objectId: userId,
          before: { two_factor: true },
          after: { two_factor: false },
          reason,
        });
        const ended = await endSessions(
          { db: tx, clock, bus: deps.bus },
          userId,
          { reason: 'two_factor_reset' },
          { deferAnnounce: true },
        );
        const note = await notify(
          tx,
          userId,
          'Two-factor authentication reset',
          'Our staff turned off two-factor authentication on your account. Sign in with your password and set it up again.',
        );
        return { ended, note };
      });
      result.ended.announce();
      publishNotification(deps.bus, result.note);
      deps.bus.publish('admin.changed', { scope: 'clients', id: String(userId) });
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

import { randomBytes } from 'node:crypto';
import {
  isStaffRole,
  STAFF_INVITE_TTL_HOURS,
  STAFF_MESSAGES,
  type StaffMember,
  type StaffQuery,
  type StaffRole,
} from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import { AppError, validationError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { AuditActor, AuditService } from '../audit/service.ts';
import { issueOneTimeToken } from '../auth/oneTimeTokens.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeUserSessions, type UserRow } from '../auth/sessionRepo.ts';
import { findUserByEmail, lockUser } from '../users/repo.ts';
import {
  findStaff,
  insertStaff,
  lockActiveAdmins,
  pageOfStaff,
  type StaffListRow,
  setStaffRoles,
  setStaffStatus,
} from './repo.ts';

const INVITE_TTL_MS = STAFF_INVITE_TTL_HOURS * 60 * 60 * 1000;

export function presentStaff(row: StaffListRow): StaffMember {
  const { user } = row;
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    roles: user.staffRoles.filter(isStaffRole),
    status: user.status === 'deactivated' ? 'disabled' : 'active',
    last_seen_at: row.lastSeen?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
  };
}

const isActiveAdmin = (u: UserRow) => u.status === 'active' && u.staffRoles.includes('admin');

/**
 * Staff management (issue 13 "Staff"): invitations, roles, disabling. Every change is
 * compare-and-set, audited in its own transaction, and told to open back-office screens after
 * commit; at least one active administrator always remains.
 */
export function createStaffService(deps: {
  db: Db;
  clock: Clock;
  bus: Bus;
  audit: AuditService;
  mailer: Mailer;
  publicUrl: string;
}) {
  const changed = (id: number) => deps.bus.publish('admin.changed', { scope: 'staff', id: String(id) });

  /** The staff member, locked for this transaction, or 404. */
  async function lockStaff(tx: Parameters<typeof lockUser>[0], id: number): Promise<UserRow> {
    const user = await lockUser(tx, id);
    if (user?.role !== 'staff') throw new AppError('NOT_FOUND', 'No staff member with that id.');
    return user;
  }

  /** Refuses a change that would leave no active administrator. */
  async function keepAnAdmin(tx: Parameters<typeof lockUser>[0], target: UserRow): Promise<void> {
    if (!isActiveAdmin(target)) return;
    const admins = await lockActiveAdmins(tx);
    if (admins.filter((id) => id !== target.id).length === 0) {
      throw new AppError('CONFLICT', STAFF_MESSAGES.lastAdmin);
    }
  }

  async function current(id: number): Promise<StaffMember> {
    const row = await findStaff(deps.db, id);
    if (!row) throw new AppError('NOT_FOUND', 'No staff member with that id.');
    return presentStaff(row);
  }

  return {
    async page(q: StaffQuery) {
      const { rows, total } = await pageOfStaff(deps.db, q);
      return { rows: rows.map(presentStaff), total };
    },

    /**
     * Creates an active staff user with an unusable random password and mails them a one-time
     * link (the password-reset page, valid 72 h) to choose their own.
     */
    async invite(
      actor: AuditActor,
      input: { email: string; first_name: string; last_name: string; roles: StaffRole[] },
    ): Promise<StaffMember> {
      if (await findUserByEmail(deps.db, input.email)) {
        throw validationError({ email: [STAFF_MESSAGES.emailTaken] });
      }
      const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
      const now = deps.clock.now();
      const { user, token } = await deps.db
        .transaction(async (tx) => {
          const created = await insertStaff(tx, {
            email: input.email,
            firstName: input.first_name,
            lastName: input.last_name,
            roles: input.roles,
            passwordHash,
          });
          const link = await issueOneTimeToken(tx, created.id, 'password_reset', now, INVITE_TTL_MS);
          await deps.audit.record(tx, actor, {
            action: 'staff.invite',
            objectType: 'user',
            objectId: created.id,
            after: {
              email: created.email,
              first_name: created.firstName,
              last_name: created.lastName,
              roles: created.staffRoles,
              status: 'active',
            },
          });
          return { user: created, token: link };
        })
        .catch((e: unknown) => {
          // Two invitations of one address at once: the unique index refuses the second.
          if (isUniqueViolation(e)) throw validationError({ email: [STAFF_MESSAGES.emailTaken] });
          throw e;
        });
      await deps.mailer.send({
        to: user.email,
        subject: 'You are invited to the back office',
        body: `Hello ${user.firstName || user.email},\n\nYou have been given a staff account. Use this link within ${STAFF_INVITE_TTL_HOURS} hours to choose your password:\n${deps.publicUrl}/forgot-password?token=${token}\n\nThen sign in at ${deps.publicUrl}/login with ${user.email}.`,
      });
      changed(user.id);
      return current(user.id);
    },

    /** Replaces a staff member's roles (at least one); the last active administrator keeps `admin`. */
    async setRoles(actor: AuditActor, id: number, roles: StaffRole[]): Promise<StaffMember> {
      const now = deps.clock.now();
      const moved = await deps.db.transaction(async (tx) => {
        const before = await lockStaff(tx, id);
        const same =
          before.staffRoles.length === roles.length && roles.every((r) => before.staffRoles.includes(r));
        if (same) return undefined;
        if (!roles.includes('admin')) await keepAnAdmin(tx, before);
        const updated = await setStaffRoles(tx, id, before.staffRoles, roles, now);
        if (!updated) throw new AppError('CONFLICT', 'The roles changed meanwhile. Reload and try again.');
        await deps.audit.record(tx, actor, {
          action: 'staff.roles',
          objectType: 'user',
          objectId: id,
          before: { roles: before.staffRoles },
          after: { roles: updated.staffRoles },
        });
        return updated;
      });
      if (moved) {
        // Their open pages re-read the user (and so their permissions) at once.
        deps.bus.publish('user.updated', { userId: id });
        changed(id);
      }
      return current(id);
    },

    /** Disables (revokes sessions, drops sockets, refused at sign-in) or enables a staff member. */
    async setStatus(actor: AuditActor, id: number, to: 'active' | 'disabled'): Promise<StaffMember> {
      const now = deps.clock.now();
      const target = to === 'disabled' ? 'deactivated' : 'active';
      const from = to === 'disabled' ? 'active' : 'deactivated';
      const moved = await deps.db.transaction(async (tx) => {
        const before = await lockStaff(tx, id);
        if (to === 'disabled' && id === actor.actorId) throw new AppError('CONFLICT', STAFF_MESSAGES.self);
        // Already there: the same answer, no second effect (a double click, a concurrent request).
        if (before.status === target) return undefined;
        if (to === 'disabled') await keepAnAdmin(tx, before);
        const updated = await setStaffStatus(tx, id, from, target, now);
        if (!updated) {
          throw new AppError('CONFLICT', `A staff member who is ${before.status} cannot be made ${to}.`);
        }
        if (to === 'disabled') await revokeUserSessions(tx, id, now);
        await deps.audit.record(tx, actor, {
          action: to === 'disabled' ? 'staff.disable' : 'staff.enable',
          objectType: 'user',
          objectId: id,
          before: { status: to === 'disabled' ? 'active' : 'disabled' },
          after: { status: to },
        });
        return updated;
      });
      if (moved) {
        if (to === 'disabled') deps.bus.publish('user.revoked', { userId: id });
        changed(id);
      }
      return current(id);
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;

function isUniqueViolation(e: unknown): boolean {
  for (let c: unknown = e; c instanceof Error; c = c.cause) {
    if ((c as Error & { code?: unknown }).code === '23505') return true;
  }
  return false;
}

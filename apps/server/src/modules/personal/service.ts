import {
  changeSummary,
  diffPersonal,
  type FieldChange,
  type Personal,
  type PersonalField,
  type PersonalInput,
  type PersonalUpdateResult,
  type PersonalValues,
  type PersonalVersion,
  personalChangePayloadSchema,
} from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { DbOrTx } from '../accounts/repo.ts';
import type { ApprovalRow } from '../approvals/repo.ts';
import type { ApprovalsService } from '../approvals/service.ts';
import type { AuditActor, AuditService } from '../audit/service.ts';
import { insertNotification, type NotificationRow, publishNotification } from '../notifications/repo.ts';
import { lockedFields, tableVerifiedSource, type VerifiedSource } from './locks.ts';
import { presentRequest, presentVersion } from './present.ts';
import {
  insertVersion,
  lastDecidedRequest,
  listVersions,
  lockCustomer,
  pendingRequest,
  readPersonal,
  roleOf,
  writePersonal,
} from './repo.ts';

type Actor = AuditActor & { actorId: number };

export const PENDING_CONFLICT =
  'You already have a change request waiting for review. You can ask for another change once it has been decided.';

const valuesOf = (changes: FieldChange[], side: 'before' | 'after'): PersonalValues =>
  Object.fromEntries(changes.map((c) => [c.field, c[side]]));

function messageFor(applied: number, requested: number): string {
  if (applied && requested)
    return 'Your details were saved. The change to verified details was sent for review.';
  if (requested) return 'Your change was sent for review. Verified details change once staff approve it.';
  if (applied) return 'Your details were saved.';
  return 'Nothing changed.';
}

/**
 * Personal information (issue 15): unlocked fields change at once as a new version; fields that
 * verification confirmed change only through a `personal_change` request staff approve (at most one
 * waiting per customer), which then applies as a version by staff.
 */
export function createPersonalService(deps: {
  db: Db;
  clock: Clock;
  bus: Bus;
  approvals: ApprovalsService;
  audit: AuditService;
  verified?: VerifiedSource;
}) {
  const verified = deps.verified ?? tableVerifiedSource;

  const changed = (userId: number) => {
    deps.bus.publish('user.updated', { userId });
    deps.bus.publish('admin.changed', { scope: 'clients', id: String(userId) });
  };

  async function read(db: DbOrTx, userId: number): Promise<Personal> {
    const details = await readPersonal(db, userId);
    if (!details) throw new AppError('NOT_FOUND', 'No such customer.');
    const [locked, pending, decided] = await Promise.all([
      lockedFields(verified, db, userId),
      pendingRequest(db, userId),
      lastDecidedRequest(db, userId),
    ]);
    return {
      details,
      locked,
      pending_request: pending ? presentRequest(pending) : null,
      last_decided_request: decided ? presentRequest(decided) : null,
    };
  }

  deps.approvals.register('personal_change', {
    permission: 'clients.manage',
    async execute(work, approval, approver) {
      const payload = personalChangePayloadSchema.parse(approval.payload);
      const userId = Number(approval.objectId);
      if (!(await lockCustomer(work.tx, userId))) throw new AppError('NOT_FOUND', 'No such customer.');
      const before = await readPersonal(work.tx, userId);
      if (!before) throw new AppError('NOT_FOUND', 'No such customer.');
      const changes = diffPersonal(before, payload.fields);
      const at = deps.clock.now();
      if (changes.length > 0) {
        await writePersonal(work.tx, userId, valuesOf(changes, 'after'), at);
        await insertVersion(work.tx, {
          userId,
          changes,
          byKind: 'staff',
          actorId: approver.actorId,
          approvalId: approval.id,
          at,
        });
      }
      await deps.audit.record(work.tx, approver, {
        action: 'personal.change_approved',
        objectType: 'user',
        objectId: userId,
        before: valuesOf(changes, 'before'),
        after: valuesOf(changes, 'after'),
      });
      const note = await insertNotification(work.tx, {
        userId,
        title: 'Personal information updated',
        message: 'Your requested change to your verified personal information was approved.',
        color: 'success',
      });
      return note;
    },
    afterCommit(result) {
      const note = result as NotificationRow;
      publishNotification(deps.bus, note);
      changed(note.userId);
    },
  });

  return {
    get: (userId: number) => read(deps.db, userId),

    async update(userId: number, input: PersonalInput, actor: Actor): Promise<PersonalUpdateResult> {
      let request: ApprovalRow | undefined;
      const { applied, requested } = await deps.db.transaction(async (tx) => {
        const customer = await lockCustomer(tx, userId);
        if (!customer) throw new AppError('NOT_FOUND', 'No such customer.');
        if (customer.role !== 'customer') {
          throw new AppError('FORBIDDEN', 'Personal information is kept for customers only.');
        }
        const before = await readPersonal(tx, userId);
        if (!before) throw new AppError('NOT_FOUND', 'No such customer.');
        const changes = diffPersonal(before, input);
        const locked = new Set<PersonalField>((await lockedFields(verified, tx, userId)).map((l) => l.field));
        const now = changes.filter((c) => !locked.has(c.field));
        const later = changes.filter((c) => locked.has(c.field));
        if (later.length > 0 && (await pendingRequest(tx, userId))) {
          throw new AppError('CONFLICT', PENDING_CONFLICT);
        }
        const at = deps.clock.now();
        if (now.length > 0) {
          await writePersonal(tx, userId, valuesOf(now, 'after'), at);
          await insertVersion(tx, {
            userId,
            changes: now,
            byKind: 'customer',
            actorId: userId,
            approvalId: null,
            at,
          });
        }
        if (later.length > 0) {
          const name = `${before.first_name} ${before.last_name}`.trim() || customer.email;
          request = await deps.approvals.request(tx, actor, {
            kind: 'personal_change',
            objectType: 'user',
            objectId: userId,
            payload: { fields: valuesOf(later, 'after'), before: valuesOf(later, 'before') },
            summary: changeSummary(
              later.map((c) => c.field),
              name,
            ),
          });
        }
        return { applied: now.map((c) => c.field), requested: later.map((c) => c.field) };
      });
      if (request) deps.approvals.requested(request);
      if (applied.length > 0) changed(userId);
      return {
        data: await read(deps.db, userId),
        applied,
        requested,
        message: messageFor(applied.length, requested.length),
      };
    },

    /** Versions newest first; staff see who made each by name. */
    async versions(userId: number, forStaff: boolean): Promise<PersonalVersion[]> {
      return (await listVersions(deps.db, userId)).map((r) => presentVersion(r, forStaff));
    },

    /** Whether `userId` is a customer (staff reading versions of a staff user get a 404). */
    async isCustomer(userId: number): Promise<boolean> {
      return (await roleOf(deps.db, userId)) === 'customer';
    },
  };
}
export type PersonalService = ReturnType<typeof createPersonalService>;

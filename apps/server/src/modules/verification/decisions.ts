import {
  levelOf,
  REQUIREMENT_LABELS,
  type RequirementEvent,
  type RequirementKind,
  transition,
  unlocksOf,
  type VerificationApprove,
  type VerificationQueueQuery,
  type VerificationReject,
  type VerificationRejectionCode,
  type VerificationReview,
} from '@openbroker/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { approvals as approvalsTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { DbOrTx } from '../accounts/repo.ts';
import type { ApprovalsService } from '../approvals/service.ts';
import type { AuditActor, AuditService } from '../audit/service.ts';
import { insertNotification, type NotificationRow, publishNotification } from '../notifications/repo.ts';
import { isRejectionCode, presentRequirements, reasonOf, snapshotOf, statesOf } from './present.ts';
import type { ProviderResult } from './providers/provider.ts';
import {
  casRequirement,
  claimProviderEvent,
  documentsOf,
  ensureRequirement,
  expireDue,
  findCustomer,
  queueRows,
  type RequirementRow,
  requirementsOf,
  statesOfUsers,
} from './repo.ts';
import type { VerificationService } from './service.ts';

export type StaffActor = AuditActor & { actorId: number };

interface Decision {
  event: Exclude<RequirementEvent, 'submit' | 'expire'>;
  /** The submission decided on (four eyes: the one the request was made for). */
  submissions?: number;
  reasonCode?: VerificationRejectionCode;
  message?: string;
  comment?: string;
  expiresAt?: Date | null;
}

const approvalPayload = z.object({
  user_id: z.number(),
  kind: z.string(),
  submissions: z.number(),
  expires_at: z.string().nullable(),
  comment: z.string(),
});

const CHANGED = 'This requirement changed meanwhile. Reload and try again.';

/**
 * Staff (and provider) decisions on requirements: compare-and-set on the state, audited with
 * before and after in the same transaction, the customer notified after commit.
 */
export function createVerificationDecisions(deps: {
  db: Db;
  clock: Clock;
  bus: Bus;
  audit: AuditService;
  approvals: ApprovalsService;
  verification: VerificationService;
}) {
  const { db, clock, bus, verification } = deps;

  async function decideIn(
    tx: DbOrTx,
    actor: AuditActor,
    userId: number,
    kind: RequirementKind,
    d: Decision,
    action: string,
  ): Promise<NotificationRow> {
    const s = await verification.settings(tx);
    await expireDue(tx, userId, clock.now());
    const rowsBefore = await requirementsOf(tx, userId);
    const levelBefore = levelOf(statesOf(rowsBefore), s.levels);
    const req = await ensureRequirement(tx, userId, kind);
    if (d.submissions !== undefined && req.submissions !== d.submissions)
      throw new AppError('CONFLICT', CHANGED);
    const from = snapshotOf(req, s);
    const next = transition(from, d.event);
    if (!next.ok) throw new AppError(next.error.code, next.error.message);
    const now = clock.now();
    const approved = d.event === 'approve';
    const updated = await casRequirement(tx, req.id, from, {
      state: next.value.state,
      decidedAt: now,
      decidedBy: actor.actorId,
      reasonCode: approved ? null : (d.reasonCode ?? 'other'),
      customerMessage: approved ? null : d.message || null,
      staffComment: d.comment || null,
      expiresAt: approved ? (d.expiresAt ?? null) : null,
      updatedAt: now,
    });
    if (!updated) throw new AppError('CONFLICT', CHANGED);
    await deps.audit.record(tx, actor, {
      action,
      objectType: 'verification_requirement',
      objectId: req.id,
      before: { customer_id: userId, kind, state: req.state, submissions: req.submissions },
      after: {
        customer_id: userId,
        kind,
        state: updated.state,
        reason_code: updated.reasonCode,
        customer_message: updated.customerMessage,
        expires_at: updated.expiresAt?.toISOString() ?? null,
      },
      reason: d.comment || null,
    });
    const label = REQUIREMENT_LABELS[kind];
    if (approved) {
      const levelAfter = levelOf(statesOf(await requirementsOf(tx, userId)), s.levels);
      const raised =
        levelAfter.level > levelBefore.level
          ? ` You are now at level ${levelAfter.level} (${levelAfter.name}): ${unlocksOf(levelAfter).join(', ')}.`
          : '';
      return insertNotification(tx, {
        userId,
        title: 'Verification',
        message: `Your ${label.toLowerCase()} has been verified.${raised}`,
        color: 'success',
      });
    }
    return insertNotification(tx, {
      userId,
      title: 'Verification',
      message: `Your ${label.toLowerCase()} was not accepted. ${reasonOf(updated) ?? ''}`.trim(),
      color: 'danger',
    });
  }

  function announce(userId: number, note: NotificationRow | null): void {
    if (note) publishNotification(bus, note);
    bus.publish('user.updated', { userId });
    bus.publish('admin.changed', { scope: 'verification', id: String(userId) });
  }

  async function customerOrThrow(userId: number) {
    const c = await findCustomer(db, userId);
    if (!c) throw new AppError('NOT_FOUND', 'No such customer.');
    return c;
  }

  async function pendingApprovalsFor(tx: DbOrTx, reqIds: number[]): Promise<Set<string>> {
    if (reqIds.length === 0) return new Set();
    const rows = await tx
      .select({ objectId: approvalsTable.objectId })
      .from(approvalsTable)
      .where(
        and(
          eq(approvalsTable.status, 'pending'),
          eq(approvalsTable.kind, 'verification_approval'),
          eq(approvalsTable.objectType, 'verification_requirement'),
          inArray(approvalsTable.objectId, reqIds.map(String)),
        ),
      );
    return new Set(rows.map((r) => r.objectId));
  }

  // A second staff member approving the request applies the decision it was made for.
  deps.approvals.register('verification_approval', {
    permission: 'verification.review',
    async execute(work, approval, approver) {
      const p = approvalPayload.parse(approval.payload);
      const note = await decideIn(
        work.tx,
        approver,
        p.user_id,
        p.kind as RequirementKind,
        {
          event: 'approve',
          submissions: p.submissions,
          comment: p.comment,
          expiresAt: p.expires_at ? new Date(p.expires_at) : null,
        },
        'verification.approve',
      );
      return { userId: p.user_id, note };
    },
    afterCommit(result) {
      const r = result as { userId: number; note: NotificationRow };
      announce(r.userId, r.note);
    },
  });

  return {
    /** Approves now, or (four eyes on) queues a request a second staff member approves. */
    async approve(
      actor: StaffActor,
      userId: number,
      kind: RequirementKind,
      input: VerificationApprove,
    ): Promise<{ status: 'approved' | 'requested'; approval_id: number | null }> {
      const customer = await customerOrThrow(userId);
      const s = await verification.settings();
      if (!s.fourEyes) {
        const note = await db.transaction((tx) =>
          decideIn(
            tx,
            actor,
            userId,
            kind,
            {
              event: 'approve',
              comment: input.comment,
              expiresAt: input.expires_at ? new Date(input.expires_at) : null,
            },
            'verification.approve',
          ),
        );
        announce(userId, note);
        return { status: 'approved', approval_id: null };
      }
      const request = await db.transaction(async (tx) => {
        const req = await ensureRequirement(tx, userId, kind);
        const check = transition(snapshotOf(req, s), 'approve');
        if (!check.ok) throw new AppError(check.error.code, check.error.message);
        if ((await pendingApprovalsFor(tx, [req.id])).size > 0) {
          throw new AppError(
            'CONFLICT',
            'An approval of this requirement is already waiting for a second staff member.',
          );
        }
        return deps.approvals.request(tx, actor, {
          kind: 'verification_approval',
          objectType: 'verification_requirement',
          objectId: req.id,
          payload: {
            user_id: userId,
            kind,
            submissions: req.submissions,
            expires_at: input.expires_at ?? null,
            comment: input.comment,
          },
          summary: `Approve the ${REQUIREMENT_LABELS[kind].toLowerCase()} of ${customer.firstName} ${customer.lastName} (${customer.email})`,
        });
      });
      deps.approvals.requested(request);
      bus.publish('admin.changed', { scope: 'verification', id: String(userId) });
      return { status: 'requested', approval_id: request.id };
    },

    async reject(actor: StaffActor, userId: number, kind: RequirementKind, input: VerificationReject) {
      await customerOrThrow(userId);
      const note = await db.transaction((tx) =>
        decideIn(
          tx,
          actor,
          userId,
          kind,
          {
            event: input.final ? 'reject_final' : 'reject',
            reasonCode: input.reason_code,
            message: input.message,
            comment: input.comment,
          },
          'verification.reject',
        ),
      );
      announce(userId, note);
    },

    /**
     * A provider's verified result, once per event id. A requirement not yet in review is put in
     * review first (the provider collected the documents); one that cannot take the decision is
     * left alone.
     */
    async applyProviderResult(
      provider: string,
      r: ProviderResult,
    ): Promise<'applied' | 'duplicate' | 'ignored'> {
      const platform: AuditActor = { actorId: null, actorIp: null };
      const customer = await findCustomer(db, r.userId);
      const notes: NotificationRow[] = [];
      const outcome = await db.transaction(async (tx) => {
        if (!(await claimProviderEvent(tx, provider, r.eventId, customer ? r.userId : null, clock.now())))
          return 'duplicate' as const;
        if (!customer || r.decision === null) return 'ignored' as const;
        const s = await verification.settings(tx);
        for (const kind of r.kinds) {
          const req = await ensureRequirement(tx, r.userId, kind);
          const from = snapshotOf(req, s);
          if (from.state !== 'pending') {
            const submitted = transition(from, 'submit');
            if (!submitted.ok) continue;
            const moved = await casRequirement(tx, req.id, from, {
              state: 'pending',
              submissions: submitted.value.submissions,
              submittedAt: clock.now(),
              updatedAt: clock.now(),
            });
            if (!moved) continue;
          }
          notes.push(
            await decideIn(
              tx,
              platform,
              r.userId,
              kind,
              {
                event: r.decision,
                reasonCode: r.reasonCode,
                message: r.message,
                comment: `${provider} event ${r.eventId}`,
              },
              'verification.provider_decision',
            ),
          );
        }
        return 'applied' as const;
      });
      for (const n of notes) publishNotification(bus, n);
      if (outcome === 'applied') announce(r.userId, null);
      return outcome;
    },

    async queue(q: VerificationQueueQuery) {
      const s = await verification.settings();
      const submittedBefore =
        q.age !== undefined ? new Date(clock.now().getTime() - q.age * 24 * 60 * 60 * 1000) : undefined;
      const rows = await queueRows(db, {
        status: q.status,
        country: q.country,
        submittedBefore,
        sort: q.sort,
      });
      const states = await statesOfUsers(
        db,
        rows.map((r) => r.userId),
      );
      const items = rows.map((r) => {
        const mine = states.filter((x) => x.userId === r.userId);
        const level = levelOf(
          statesOf(mine.map((m) => ({ kind: m.kind, state: m.state }) as RequirementRow)),
          s.levels,
        );
        return {
          user_id: r.userId,
          name: `${r.firstName} ${r.lastName}`.trim() || r.email,
          email: r.email,
          country: r.country,
          level: level.level,
          pending: mine.filter((m) => m.state === 'pending').map((m) => m.kind as RequirementKind),
          submitted_at: r.oldest?.toISOString() ?? null,
        };
      });
      const filtered = q.level === undefined ? items : items.filter((i) => i.level === q.level);
      const start = (q.page - 1) * q.per_page;
      return {
        data: filtered.slice(start, start + q.per_page),
        meta: {
          current_page: q.page,
          last_page: Math.max(1, Math.ceil(filtered.length / q.per_page)),
          per_page: q.per_page,
          total: filtered.length,
        },
        links: { next: null, prev: null },
      };
    },

    async review(userId: number): Promise<VerificationReview> {
      const c = await customerOrThrow(userId);
      const s = await verification.settings();
      await expireDue(db, userId, clock.now());
      const rows = await requirementsOf(db, userId);
      const docs = await documentsOf(db, userId);
      const waiting = await pendingApprovalsFor(
        db,
        rows.map((r) => r.id),
      );
      const level = levelOf(statesOf(rows), s.levels);
      return {
        customer: {
          id: c.id,
          email: c.email,
          first_name: c.firstName,
          last_name: c.lastName,
          phone: c.phone,
          country: c.country,
          nationality: c.nationality,
          status: c.status,
          created_at: c.createdAt.toISOString(),
        },
        level: level.level,
        level_name: level.name,
        requirements: presentRequirements(rows, docs, s, false).map((r) => {
          const row = rows.find((x) => x.kind === r.kind);
          return {
            ...r,
            reason_code: row && isRejectionCode(row.reasonCode) ? row.reasonCode : null,
            staff_comment: row?.staffComment ?? null,
            submitted_at: row?.submittedAt?.toISOString() ?? null,
            approval_pending: row ? waiting.has(String(row.id)) : false,
          };
        }),
      };
    },
  };
}
export type VerificationDecisions = ReturnType<typeof createVerificationDecisions>;

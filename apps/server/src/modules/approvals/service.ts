import type { ApprovalKind, ApprovalReject, Permission } from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { DbOrTx } from '../accounts/repo.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { AccountsWork } from '../accounts/work.ts';
import type { AuditActor, AuditService } from '../audit/service.ts';
import { type ApprovalRow, decideApproval, findApproval, insertApproval } from './repo.ts';

/** What an approved request of one kind does, inside the approval's own transaction. */
export interface ApprovalExecutor {
  /** The permission an approver (or rejecter) of this kind needs. */
  permission: Permission;
  execute(
    work: AccountsWork,
    approval: ApprovalRow,
    approver: AuditActor & { actorId: number },
  ): Promise<unknown>;
  /** Runs after commit (notifications to push, events to publish). */
  afterCommit?(result: unknown): void;
  /**
   * Inside a rejection's transaction: what the requester should hear (a customer's own request).
   * Returns what `afterReject` publishes after commit.
   */
  onReject?(tx: DbOrTx, approval: ApprovalRow): Promise<unknown>;
  afterReject?(result: unknown): void;
}

export interface NewApproval {
  kind: ApprovalKind;
  objectType: string;
  objectId: string | number;
  payload: Record<string, unknown>;
  summary: string;
}

/**
 * The one approvals queue (DESIGN §12): four-eyes adjustments now; deposits, withdrawals,
 * verification and AutoTrader later. A request takes effect only when a second staff member with
 * the kind's permission approves it; every decision is compare-and-set and audited in the same
 * transaction as its effect, so of concurrent approvals exactly one acts.
 */
export function createApprovalsService(deps: {
  db: Db;
  clock: Clock;
  bus: Bus;
  accounts: AccountsService;
  audit: AuditService;
}) {
  const executors = new Map<ApprovalKind, ApprovalExecutor>();

  function executorOf(kind: string): ApprovalExecutor {
    const e = executors.get(kind as ApprovalKind);
    if (!e) throw new Error(`no executor for approvals of kind ${kind}`);
    return e;
  }

  /** Why a decision did not apply: gone, already decided, or the requester deciding their own. */
  async function refusal(tx: DbOrTx, id: number, deciderId: number, verb: 'approve' | 'reject' | 'cancel') {
    // Read in the decision's own transaction: PGlite has one connection, a read beside it would wait.
    const row = await findApproval(tx, id);
    if (!row) return new AppError('NOT_FOUND', 'No such request.');
    if (row.status !== 'pending') return new AppError('CONFLICT', `This request was already ${row.status}.`);
    if (verb === 'cancel') return new AppError('FORBIDDEN', 'Only the requester can withdraw a request.');
    return row.requestedBy === deciderId
      ? new AppError('FORBIDDEN', `You cannot ${verb} your own request: a second staff member must.`)
      : new AppError('CONFLICT', 'This request changed meanwhile. Reload and try again.');
  }

  const changed = (row: ApprovalRow) => {
    deps.bus.publish('admin.changed', { scope: 'approvals', id: String(row.id) });
    deps.bus.publish('admin.changed', { scope: 'dashboard' });
  };

  return {
    register(kind: ApprovalKind, executor: ApprovalExecutor): void {
      executors.set(kind, executor);
    },

    /** The permission needed to decide a request (checked by the route before anything else). */
    async permissionFor(id: number): Promise<Permission> {
      const row = await findApproval(deps.db, id);
      if (!row) throw new AppError('NOT_FOUND', 'No such request.');
      return executorOf(row.kind).permission;
    },

    /** Queues a request inside the caller's transaction, audited there too. */
    async request(
      tx: DbOrTx,
      actor: AuditActor & { actorId: number },
      input: NewApproval,
    ): Promise<ApprovalRow> {
      const row = await insertApproval(tx, {
        kind: input.kind,
        objectType: input.objectType,
        objectId: String(input.objectId),
        payload: input.payload,
        summary: input.summary,
        requestedBy: actor.actorId,
        requestedAt: deps.clock.now(),
      });
      await deps.audit.record(tx, actor, {
        action: 'approval.request',
        objectType: 'approval',
        objectId: row.id,
        after: { kind: row.kind, object: `${row.objectType}:${row.objectId}`, payload: row.payload },
      });
      return row;
    },

    /** Announces a request queued by `request` once its transaction has committed. */
    requested(row: ApprovalRow): void {
      changed(row);
    },

    async approve(id: number, actor: AuditActor & { actorId: number }): Promise<ApprovalRow> {
      let result: unknown;
      const row = await deps.accounts.transaction(async (work) => {
        const decided = await decideApproval(work.tx, id, 'approved', actor.actorId, deps.clock.now());
        if (!decided) throw await refusal(work.tx, id, actor.actorId, 'approve');
        result = await executorOf(decided.kind).execute(work, decided, actor);
        await deps.audit.record(work.tx, actor, {
          action: 'approval.approve',
          objectType: 'approval',
          objectId: decided.id,
          before: { status: 'pending' },
          after: { status: 'approved', kind: decided.kind, payload: decided.payload },
        });
        return decided;
      });
      executorOf(row.kind).afterCommit?.(result);
      changed(row);
      return row;
    },

    async reject(
      id: number,
      actor: AuditActor & { actorId: number },
      input: ApprovalReject,
    ): Promise<ApprovalRow> {
      let result: unknown;
      const row = await deps.db.transaction(async (tx) => {
        const decided = await decideApproval(tx, id, 'rejected', actor.actorId, deps.clock.now(), {
          code: input.reason_code,
          text: input.reason,
        });
        if (!decided) throw await refusal(tx, id, actor.actorId, 'reject');
        result = await executorOf(decided.kind).onReject?.(tx, decided);
        await deps.audit.record(tx, actor, {
          action: 'approval.reject',
          objectType: 'approval',
          objectId: decided.id,
          before: { status: 'pending' },
          after: { status: 'rejected', reason_code: input.reason_code },
          reason: input.reason,
        });
        return decided;
      });
      executorOf(row.kind).afterReject?.(result);
      changed(row);
      return row;
    },

    /** The requester withdraws their own pending request. */
    async cancel(id: number, actor: AuditActor & { actorId: number }): Promise<ApprovalRow> {
      const row = await deps.db.transaction(async (tx) => {
        const decided = await decideApproval(tx, id, 'cancelled', actor.actorId, deps.clock.now());
        if (!decided) throw await refusal(tx, id, actor.actorId, 'cancel');
        await deps.audit.record(tx, actor, {
          action: 'approval.cancel',
          objectType: 'approval',
          objectId: decided.id,
          before: { status: 'pending' },
          after: { status: 'cancelled' },
        });
        return decided;
      });
      changed(row);
      return row;
    },
  };
}
export type ApprovalsService = ReturnType<typeof createApprovalsService>;

import { AUTOTRADER_LEVELS, type AutoTraderLevel } from '@openbroker/domain';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { ApprovalRow } from '../approvals/repo.ts';
import type { AuditActor } from '../audit/service.ts';
import type { UserRow } from '../auth/sessionRepo.ts';
import { insertNotification, type NotificationRow, publishNotification } from '../notifications/repo.ts';
import type { AdvisorRunsApi } from './contract.ts';
import type { AdvisorDeps } from './deps.ts';
import {
  hasRunningAutoTrader,
  isUniqueViolation,
  lockCustomerRow,
  pendingAutoTraderRequest,
  setAutoTrader,
} from './repo.ts';

/** SPEC §8: the client shows its own words for any server message containing 'pending auto trader request'. */
export const PENDING_REQUEST = 'You have a pending auto trader request';
export const REQUEST_SUBMITTED = 'AutoTrader request submitted for approval';
const ALREADY_ACTIVE =
  'AutoTrader is already active on your account. Stop it before choosing another risk level.';

const payloadSchema = z.object({ level: z.enum(AUTOTRADER_LEVELS) });

const LEVEL_WORDS: Record<AutoTraderLevel, string> = {
  low: 'low risk, 1–2 open trades',
  medium: 'medium risk, 2–4 open trades',
  high: 'high risk, no limit on open trades',
};

interface Approved {
  userId: number;
  runId: number;
  note: NotificationRow;
}

/**
 * AutoTrader requests (SPEC §7 POST /update/autotrader, §9 levels): a customer asks for a risk
 * level, which queues one `autotrader` approval (at most one pending per customer, kept by a unique
 * index); a second staff member approves it in the back office queue, which in the approval's own
 * transaction turns AutoTrader on for the customer and starts its run (the runner picks the run up
 * after commit). A rejection leaves it off.
 */
export function createAutoTrader(deps: AdvisorDeps & { runs: AdvisorRunsApi }) {
  deps.approvals.register('autotrader', {
    permission: 'advisors.manage',
    async execute(work, approval: ApprovalRow, approver) {
      const { level } = payloadSchema.parse(approval.payload);
      const userId = Number(approval.objectId);
      const customer = await lockCustomerRow(work.tx, userId);
      if (customer?.role !== 'customer') throw new AppError('NOT_FOUND', 'No such customer.');
      if (customer.status !== 'active')
        throw new AppError('CONFLICT', 'This customer’s account is not active, so AutoTrader cannot start.');
      await setAutoTrader(work.tx, userId, level, deps.clock.now());
      const { runId } = await deps.runs.startAutoTraderIn(work.tx, userId, level);
      await deps.audit.record(work.tx, approver, {
        action: 'autotrader.approve',
        objectType: 'user',
        objectId: userId,
        before: { autotrader: false },
        after: { autotrader: true, level, run_id: runId },
      });
      const note = await insertNotification(work.tx, {
        userId,
        title: 'AutoTrader activated',
        message: `Your AutoTrader request (${LEVEL_WORDS[level]}) was approved. AutoTrader is now trading your account.`,
        color: 'success',
      });
      return { userId, runId, note } satisfies Approved;
    },
    afterCommit(result) {
      const { userId, runId, note } = result as Approved;
      deps.runs.started(runId);
      publishNotification(deps.bus, note);
      deps.bus.publish('user.updated', { userId });
      deps.bus.publish('admin.changed', { scope: 'clients', id: String(userId) });
    },
    // The customer asked: they hear the answer either way, with staff's reason.
    async onReject(tx, approval) {
      const { level } = payloadSchema.parse(approval.payload);
      const why = approval.reason ? ` Reason: ${approval.reason}` : '';
      return insertNotification(tx, {
        userId: Number(approval.objectId),
        title: 'AutoTrader request declined',
        message: `Your AutoTrader request (${LEVEL_WORDS[level]}) was not approved.${why}`,
        color: 'danger',
      });
    },
    afterReject(note) {
      publishNotification(deps.bus, note as NotificationRow);
    },
  });

  return {
    async request(user: UserRow, level: AutoTraderLevel, actor: AuditActor): Promise<{ message: string }> {
      if (user.role !== 'customer' || user.status !== 'active') throw new AppError('ACCOUNT_INACTIVE');
      let row: ApprovalRow;
      try {
        row = await deps.db.transaction(async (tx) => {
          // The customer's row lock queues their concurrent requests, so the checks below see each other.
          const customer = await lockCustomerRow(tx, user.id);
          if (!customer) throw new AppError('NOT_FOUND', 'No such customer.');
          if ((await pendingAutoTraderRequest(tx, user.id)) !== undefined)
            throw new AppError('CONFLICT', PENDING_REQUEST);
          if (await hasRunningAutoTrader(tx, user.id)) throw new AppError('CONFLICT', ALREADY_ACTIVE);
          const name = `${customer.firstName} ${customer.lastName}`.trim() || customer.email;
          return deps.approvals.request(
            tx,
            { ...actor, actorId: user.id },
            {
              kind: 'autotrader',
              objectType: 'user',
              objectId: user.id,
              payload: { level },
              summary: `AutoTrader (${level}) for ${name}`,
            },
          );
        });
      } catch (e) {
        if (isUniqueViolation(e, 'approvals_one_pending_autotrader_key'))
          throw new AppError('CONFLICT', PENDING_REQUEST);
        throw e;
      }
      deps.approvals.requested(row);
      return { message: REQUEST_SUBMITTED };
    },
  };
}
export type AutoTrader = ReturnType<typeof createAutoTrader>;

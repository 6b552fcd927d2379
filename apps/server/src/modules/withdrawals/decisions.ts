import {
  type AdminWithdrawalDetail,
  type AdminWithdrawalQuery,
  centsToAmount,
  type RejectWithdrawal,
  statesLeadingTo,
  WITHDRAWAL_STATUS_LABELS,
  WITHDRAWAL_TRANSITIONS,
  type WithdrawalStatus,
} from '@openbroker/domain';
import { and, eq, isNotNull, isNull, ne, or } from 'drizzle-orm';
import { withdrawals } from '../../db/schemaMoney.ts';
import { AppError } from '../../errors.ts';
import type { DbOrTx } from '../accounts/repo.ts';
import type { AccountsWork } from '../accounts/work.ts';
import type { AuditActor } from '../audit/service.ts';
import type { MoneyDeps } from '../moneyDeps.ts';
import { insertNotification, type NotificationRow, publishNotification } from '../notifications/repo.ts';
import type { PayoutResult } from '../payments/providers/types.ts';
import { withdrawalNotice } from './notices.ts';
import { presentAdminWithdrawal } from './present.ts';
import {
  clientActivity,
  moveWithdrawal,
  pageOfAdminWithdrawals,
  paymentMethodRow,
  readAdminWithdrawal,
  readWithdrawal,
  WITHDRAWALS_PER_PAGE,
  type WithdrawalRow,
} from './repo.ts';
import { releaseHold } from './service.ts';

export type StaffActor = AuditActor & { actorId: number };
/** Payouts reported by a provider's callback have no staff member behind them. */
const SYSTEM: AuditActor = { actorId: null, actorIp: null };

const NOT_FOUND = 'No such withdrawal.';
const SECOND_PAIR = 'A second staff member must give the second approval.';
const DAY_MS = 24 * 60 * 60 * 1000;

const label = (s: WithdrawalStatus) => WITHDRAWAL_STATUS_LABELS[s].toLowerCase();

/**
 * Staff decisions on withdrawals (issue 14, DESIGN §12): approve (one approval, or two by different
 * staff at or above the threshold), reject with a coded reason, send the payout, and complete it.
 * Every step is a compare-and-set on the status, audited and told to the customer in the same
 * transaction; rejecting releases the hold and completing moves it to cash and revenue.
 */
export function createWithdrawalDecisions(deps: MoneyDeps) {
  const { db, accounts, audit, bus, clock } = deps;

  /** Audit row and customer notice of one step, written in the step's transaction. */
  async function record(
    tx: DbOrTx,
    actor: AuditActor,
    action: string,
    before: WithdrawalRow,
    after: WithdrawalRow,
    accountNumber: string,
    step: Parameters<typeof withdrawalNotice>[2],
    reason?: string,
  ): Promise<NotificationRow> {
    await audit.record(tx, actor, {
      action,
      objectType: 'withdrawal',
      objectId: after.id,
      before: { status: before.status, first_approved_by: before.firstApprovedBy },
      after: {
        status: after.status,
        first_approved_by: after.firstApprovedBy,
        approved_by: after.approvedBy,
        amount_cents: after.amountCents,
        fee_cents: after.feeCents,
        reason_code: after.reasonCode,
      },
      reason: reason ?? null,
    });
    return insertNotification(tx, withdrawalNotice(after, accountNumber, step));
  }

  function published(id: number, note: NotificationRow | undefined): void {
    if (note) publishNotification(bus, note);
    bus.publish('admin.changed', { scope: 'withdrawals', id: String(id) });
  }

  async function present(id: number) {
    const row = await readAdminWithdrawal(db, id);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    return presentAdminWithdrawal(row);
  }

  /** The refusal for a step the withdrawal's status no longer allows. */
  function notNow(status: WithdrawalStatus, what: string): AppError {
    return new AppError('CONFLICT', `This withdrawal is ${label(status)}: it cannot be ${what} now.`);
  }

  /** Moves processing → completed and books the payout: holds → cash, and the fee holds → revenue. */
  async function completeIn(work: AccountsWork, id: number, actor: AuditActor): Promise<NotificationRow> {
    const row = await readWithdrawal(work.tx, id);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    const done = await moveWithdrawal(work.tx, id, statesLeadingTo(WITHDRAWAL_TRANSITIONS, 'completed'), {
      status: 'completed',
      completedAt: clock.now(),
    });
    if (!done) throw notNow((await readWithdrawal(work.tx, id))?.status ?? row.status, 'completed');
    const base = {
      currency: row.currency,
      book: 'live',
      createdBy: actor.actorId,
      ref: { type: 'withdrawal', id },
    } as const;
    await work.journal({
      ...base,
      kind: 'withdrawal_payout',
      reason: `Withdrawal #${id} paid out`,
      lines: [
        { houseAccount: 'withdrawal_holds', amountCents: -row.amountCents },
        { houseAccount: 'cash', amountCents: row.amountCents },
      ],
    });
    if (row.feeCents > 0n)
      await work.journal({
        ...base,
        kind: 'withdrawal_fee',
        reason: `Withdrawal #${id} fee`,
        lines: [
          { houseAccount: 'withdrawal_holds', amountCents: -row.feeCents },
          { houseAccount: 'revenue', amountCents: row.feeCents },
        ],
      });
    return record(work.tx, actor, 'withdrawal.complete', row, done, row.accountNumber, 'completed');
  }

  /** A payout that failed goes back to approved, to be sent again or rejected. */
  async function payoutFailed(id: number, actor: AuditActor, why: string): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await readWithdrawal(tx, id);
      if (!row) return;
      const back = await moveWithdrawal(tx, id, ['processing'], { status: 'approved' });
      if (!back) return;
      await audit.record(tx, actor, {
        action: 'withdrawal.payout_failed',
        objectType: 'withdrawal',
        objectId: id,
        before: { status: row.status },
        after: { status: back.status },
        reason: why.slice(0, 500),
      });
    });
    bus.publish('admin.changed', { scope: 'withdrawals', id: String(id) });
  }

  async function complete(id: number, actor: AuditActor) {
    let note: NotificationRow | undefined;
    await accounts.transaction(async (work) => {
      note = await completeIn(work, id, actor);
    });
    published(id, note);
  }

  return {
    async page(q: AdminWithdrawalQuery) {
      const { rows, total } = await pageOfAdminWithdrawals(db, q);
      return { rows: rows.map(presentAdminWithdrawal), total, perPage: WITHDRAWALS_PER_PAGE };
    },

    async detail(id: number): Promise<AdminWithdrawalDetail> {
      const row = await readAdminWithdrawal(db, id);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      const since = new Date(clock.now().getTime() - 30 * DAY_MS);
      const [a, level] = await Promise.all([
        clientActivity(db, row.userId, row.tradingAccountId, since),
        deps.verification.levelOf(row.userId),
      ]);
      return {
        withdrawal: presentAdminWithdrawal(row),
        activity: {
          verification_level: { level: level.level, name: level.name },
          deposits: a.recentDeposits.map((d) => ({
            id: d.id,
            method: d.method,
            account_number: d.accountNumber,
            currency: d.currency,
            amount: centsToAmount(d.amountCents),
            status: d.status,
            created_at: d.createdAt.toISOString(),
          })),
          withdrawals: a.recentWithdrawals
            .filter((w) => w.id !== id)
            .slice(0, 5)
            .map((w) => ({
              id: w.id,
              method: w.method,
              account_number: w.accountNumber,
              currency: w.currency,
              amount: centsToAmount(w.amountCents),
              status: w.status,
              created_at: w.createdAt.toISOString(),
            })),
          trades: {
            open_positions: a.openPositions,
            closed_last_30_days: a.closedRecent,
            realised_pnl_last_30_days: centsToAmount(a.pnlRecentCents),
            realised_pnl_total: centsToAmount(a.pnlTotalCents),
          },
          deposited_total: centsToAmount(a.depositedCents),
          withdrawn_total: centsToAmount(a.withdrawnCents),
        },
      };
    },

    /**
     * One staff approval (compare-and-set). Below the threshold it approves; at or above it the
     * first approval is recorded and the final one must come from a different staff member.
     */
    async approve(id: number, actor: StaffActor) {
      const me = actor.actorId;
      const now = clock.now();
      const note = await db.transaction(async (tx) => {
        const row = await readWithdrawal(tx, id);
        if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
        if (row.status !== 'held') throw notNow(row.status, 'approved');
        if (row.approvalsRequired >= 2 && row.firstApprovedBy === null) {
          const first = await moveWithdrawal(
            tx,
            id,
            ['held'],
            { firstApprovedBy: me, firstApprovedAt: now },
            and(eq(withdrawals.approvalsRequired, 2), isNull(withdrawals.firstApprovedBy)),
          );
          if (first)
            return record(
              tx,
              actor,
              'withdrawal.approve_first',
              row,
              first,
              row.accountNumber,
              'first_approval',
            );
          // Another staff member gave the first approval meanwhile: this one may be the second.
        }
        const approved = await moveWithdrawal(
          tx,
          id,
          ['held'],
          { status: 'approved', approvedBy: me, approvedAt: now },
          or(
            eq(withdrawals.approvalsRequired, 1),
            and(isNotNull(withdrawals.firstApprovedBy), ne(withdrawals.firstApprovedBy, me)),
          ),
        );
        if (approved)
          return record(tx, actor, 'withdrawal.approve', row, approved, row.accountNumber, 'approved');
        const latest = await readWithdrawal(tx, id);
        if (latest?.status === 'held' && latest.firstApprovedBy === me)
          throw new AppError('FORBIDDEN', SECOND_PAIR);
        throw notNow(latest?.status ?? row.status, 'approved');
      });
      published(id, note);
      return present(id);
    },

    /** Rejects with a coded reason (from held, approved or processing) and releases the hold once. */
    async reject(id: number, input: RejectWithdrawal, actor: StaffActor) {
      let note: NotificationRow | undefined;
      await accounts.transaction(async (work) => {
        const row = await readWithdrawal(work.tx, id);
        if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
        await work.lockOne(row.tradingAccountId);
        const rejected = await moveWithdrawal(
          work.tx,
          id,
          statesLeadingTo(WITHDRAWAL_TRANSITIONS, 'rejected'),
          {
            status: 'rejected',
            reasonCode: input.reason_code,
            reason: input.reason,
            decidedBy: actor.actorId,
          },
        );
        if (!rejected) throw notNow((await readWithdrawal(work.tx, id))?.status ?? row.status, 'rejected');
        await releaseHold(work, rejected, actor.actorId, `rejected (${input.reason_code})`);
        note = await record(
          work.tx,
          actor,
          'withdrawal.reject',
          row,
          rejected,
          row.accountNumber,
          'rejected',
          input.reason,
        );
      });
      published(id, note);
      return present(id);
    },

    /**
     * Sends an approved withdrawal: approved → processing, then the method's provider pays it out
     * if it can (a payout that settles at once completes it); otherwise staff pay it themselves and
     * complete it. A payout that fails returns it to approved.
     */
    async process(id: number, actor: StaffActor) {
      let row: WithdrawalRow | undefined;
      const note = await db.transaction(async (tx) => {
        const before = await readWithdrawal(tx, id);
        if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
        row = await moveWithdrawal(tx, id, statesLeadingTo(WITHDRAWAL_TRANSITIONS, 'processing'), {
          status: 'processing',
          decidedBy: actor.actorId,
        });
        if (!row) throw notNow(before.status, 'sent for payout');
        return record(tx, actor, 'withdrawal.process', before, row, before.accountNumber, 'processing');
      });
      published(id, note);
      if (!row) throw new Error('processing row missing');
      const method = await paymentMethodRow(db, row.methodKey);
      const provider = method ? deps.providers.get(method.provider) : undefined;
      if (provider?.payout) {
        let result: PayoutResult;
        try {
          result = await provider.payout({
            withdrawalId: id,
            amountCents: row.amountCents,
            currency: row.currency,
            destination: row.destination,
          });
        } catch (e) {
          const why = e instanceof Error ? e.message : String(e);
          deps.log.warn({ withdrawalId: id, err: why }, 'withdrawal payout failed');
          await payoutFailed(id, actor, why);
          throw new AppError(
            'CONFLICT',
            'The payout could not be sent: the withdrawal is back to approved. Try again, or reject it.',
          );
        }
        // The money has gone: from here on nothing may send it back to approved.
        await db
          .update(withdrawals)
          .set({ providerRef: result.ref })
          .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'processing')));
        if (result.status === 'completed') await complete(id, actor);
      }
      return present(id);
    },

    /** Staff confirm a payout they sent (or the provider confirmed): processing → completed. */
    async complete(id: number, actor: StaffActor) {
      await complete(id, actor);
      return present(id);
    },

    /** For a provider's `payout.completed` callback. */
    completePayout: (id: number) => complete(id, SYSTEM),
    /** For a provider's `payout.failed` callback: back to approved. */
    failPayout: (id: number, why: string) => payoutFailed(id, SYSTEM, why),
  };
}
export type WithdrawalDecisions = ReturnType<typeof createWithdrawalDecisions>;

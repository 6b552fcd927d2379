import {
  formatMoney,
  type LedgerAdjustment,
  ledgerAdjustmentSchema,
  toAccountCurrency,
  toCents,
} from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { MarketData } from '../../feed/MarketData.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { ApprovalRow } from '../approvals/repo.ts';
import type { ApprovalsService } from '../approvals/service.ts';
import type { AuditActor, AuditService } from '../audit/service.ts';
import {
  insertNotification,
  type NewNotification,
  type NotificationRow,
  publishNotification,
} from '../notifications/repo.ts';
import type { SettingsService } from '../settings/service.ts';
import { readAccount } from './repo.ts';
import type { AccountsService } from './service.ts';
import type { AccountsWork } from './work.ts';

type StaffActor = AuditActor & { actorId: number };

export type AdjustmentOutcome =
  | { status: 'applied'; balanceCents: bigint; creditCents: bigint }
  | { status: 'pending_approval'; approval: ApprovalRow };

/**
 * Staff credits and debits of a balance or credit, with a reason (DESIGN §11–§12). One below the
 * four-eyes threshold of site settings is booked at once; one at or above it becomes a request in
 * the approvals queue and is booked only when a second staff member with `money.approve` approves
 * it. Either way the ledger posting, the audit row and the customer's notification are written in
 * the transaction that moves the money.
 */
export function createStaffAdjustments(deps: {
  db: Db;
  accounts: AccountsService;
  approvals: ApprovalsService;
  audit: AuditService;
  settings: SettingsService;
  market: MarketData;
  bus: Bus;
}) {
  /** Books an adjustment on a locked account, audited; returns the customer's notification. */
  async function book(
    work: AccountsWork,
    accountId: number,
    input: LedgerAdjustment,
    requesterId: number,
    actor: StaffActor,
  ): Promise<NotificationRow> {
    const before = await work.lockOne(accountId);
    if (!before) throw new AppError('NOT_FOUND', 'No such trading account.');
    const after = await work.post({
      tradingAccountId: accountId,
      field: input.field,
      amountCents: toCents(input.amount),
      houseAccount: input.field === 'balance' ? 'cash' : 'credit',
      kind: 'staff_adjustment',
      reason: input.reason,
      createdBy: requesterId,
    });
    await deps.audit.record(work.tx, actor, {
      action: 'money.adjust',
      objectType: 'trading_account',
      objectId: accountId,
      before: { balance_cents: before.balanceCents, credit_cents: before.creditCents },
      after: {
        balance_cents: after.balanceCents,
        credit_cents: after.creditCents,
        field: input.field,
        amount: input.amount,
      },
      reason: input.reason,
    });
    return insertNotification(work.tx, adjustmentNotice(after, input));
  }

  deps.approvals.register('balance_adjustment', {
    permission: 'money.approve',
    async execute(work, approval, approver) {
      const input = ledgerAdjustmentSchema.parse(approval.payload);
      return book(work, Number(approval.objectId), input, approval.requestedBy, approver);
    },
    afterCommit(note) {
      publishNotification(deps.bus, note as NotificationRow);
    },
  });

  /** Whether an amount in the account's currency reaches the threshold (set in USD). */
  async function needsSecondPair(amount: number, currency: string): Promise<boolean> {
    const threshold = (await deps.settings.get()).fourEyesThresholdCents;
    const inUsd = toAccountCurrency(Math.abs(amount), currency, 'USD', deps.market.rate);
    // No rate to compare with: the safe side is to ask for a second pair of eyes.
    if (!inUsd.ok) return true;
    return toCents(inUsd.value) >= threshold;
  }

  return {
    async adjust(accountId: number, input: LedgerAdjustment, actor: StaffActor): Promise<AdjustmentOutcome> {
      const account = await readAccount(deps.db, accountId);
      if (!account) throw new AppError('NOT_FOUND', 'No such trading account.');
      if (await needsSecondPair(input.amount, account.currency)) {
        const approval = await deps.db.transaction((tx) =>
          deps.approvals.request(tx, actor, {
            kind: 'balance_adjustment',
            objectType: 'trading_account',
            objectId: accountId,
            payload: { field: input.field, amount: input.amount, reason: input.reason },
            summary: `${input.amount > 0 ? 'Credit' : 'Debit'} ${formatMoney(toCents(Math.abs(input.amount)), account.currency)} to the ${input.field} of account ${account.number}`,
          }),
        );
        deps.approvals.requested(approval);
        return { status: 'pending_approval', approval };
      }
      let note: NotificationRow | undefined;
      const after = await deps.accounts.transaction(async (work) => {
        note = await book(work, accountId, input, actor.actorId, actor);
        return work.account(accountId);
      });
      if (note) publishNotification(deps.bus, note);
      deps.bus.publish('admin.changed', { scope: 'clients', id: String(account.userId) });
      return { status: 'applied', balanceCents: after.balanceCents, creditCents: after.creditCents };
    },
  };
}
export type StaffAdjustments = ReturnType<typeof createStaffAdjustments>;

/** What the customer is told of a staff adjustment; the staff reason stays in the ledger (it may be internal). */
function adjustmentNotice(
  account: { userId: number; number: string; currency: string },
  input: LedgerAdjustment,
): NewNotification {
  const amount = formatMoney(toCents(Math.abs(input.amount)), account.currency);
  const added = input.amount > 0;
  const what = input.field === 'balance' ? 'balance' : 'credit';
  return {
    userId: account.userId,
    title: added
      ? what === 'balance'
        ? 'Funds credited'
        : 'Credit added'
      : `${what === 'balance' ? 'Balance' : 'Credit'} adjusted`,
    message: `${amount} was ${added ? 'added to' : 'deducted from'} the ${what} of account ${account.number}.`,
    color: added ? 'success' : 'warning',
  };
}

import { formatMoney, type LedgerAdjustment, toCents } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Bus } from '../../realtime/bus.ts';
import { accountSnapshot } from '../../risk/snapshots.ts';
import { insertNotification, type NewNotification, publishNotification } from '../notifications/repo.ts';
import type { TradingReference } from '../trading/levels.ts';
import { lockAccountById, readAccount } from '../trading/repo.ts';
import { post } from './ledgerRepo.ts';

export function createLedgerService(deps: { db: Db; bus: Bus; reference: TradingReference }) {
  return {
    /**
     * A staff credit or debit with a reason, booked against the house cash (balance) or credit
     * account in one transaction; the customer hears of it through `user.updated`, and the risk
     * engine re-reads the account's equity from the snapshot.
     */
    async adjust(tradingAccountId: number, input: LedgerAdjustment, staffId: number) {
      const { account, note } = await deps.db.transaction(async (tx) => {
        if (!(await lockAccountById(tx, tradingAccountId)))
          throw new AppError('NOT_FOUND', 'No such trading account.');
        await post(tx, {
          tradingAccountId,
          field: input.field,
          amountCents: toCents(input.amount),
          houseAccount: input.field === 'balance' ? 'cash' : 'credit',
          kind: 'staff_adjustment',
          reason: input.reason,
          createdBy: staffId,
        });
        const row = await readAccount(tx, tradingAccountId);
        if (!row) throw new Error('locked account vanished');
        return { account: row, note: await insertNotification(tx, adjustmentNotice(row, input)) };
      });
      const [owner] = await deps.db
        .select({ planId: users.planId })
        .from(users)
        .where(eq(users.id, account.userId));
      const levels = await deps.reference.levels(owner?.planId ?? null);
      deps.bus.publish('risk.sync', { account: accountSnapshot(account, levels), trades: [] });
      deps.bus.publish('user.updated', { userId: account.userId });
      publishNotification(deps.bus, note);
      return { balanceCents: account.balanceCents, creditCents: account.creditCents };
    },
  };
}
/**
 * What the customer is told of a staff adjustment (the platform's own event, issue 7). The staff
 * reason stays in the ledger: it may be internal.
 */
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

export type LedgerService = ReturnType<typeof createLedgerService>;

import { type LedgerAdjustment, toCents } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Bus } from '../../realtime/bus.ts';
import { accountSnapshot } from '../../risk/snapshots.ts';
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
      const account = await deps.db.transaction(async (tx) => {
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
        return row;
      });
      const [owner] = await deps.db
        .select({ planId: users.planId })
        .from(users)
        .where(eq(users.id, account.userId));
      const levels = await deps.reference.levels(owner?.planId ?? null);
      deps.bus.publish('risk.sync', { account: accountSnapshot(account, levels), trades: [] });
      deps.bus.publish('user.updated', { userId: account.userId });
      return { balanceCents: account.balanceCents, creditCents: account.creditCents };
    },
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;

import { type LedgerAdjustment, toCents } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tradingAccounts } from '../../db/schema.ts';
import type { Bus } from '../../realtime/bus.ts';
import { post } from './ledgerRepo.ts';

export function createLedgerService(deps: { db: Db; bus: Bus }) {
  return {
    /**
     * A staff credit or debit with a reason, booked against the house cash (balance) or credit
     * account in one transaction; the customer hears of it through `user.updated`.
     */
    async adjust(tradingAccountId: number, input: LedgerAdjustment, staffId: number) {
      const result = await deps.db.transaction((tx) =>
        post(tx, {
          tradingAccountId,
          field: input.field,
          amountCents: toCents(input.amount),
          houseAccount: input.field === 'balance' ? 'cash' : 'credit',
          kind: 'staff_adjustment',
          reason: input.reason,
          createdBy: staffId,
        }),
      );
      const [account] = await deps.db
        .select({ userId: tradingAccounts.userId })
        .from(tradingAccounts)
        .where(eq(tradingAccounts.id, tradingAccountId));
      if (account) deps.bus.publish('user.updated', { userId: account.userId });
      return result;
    },
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;

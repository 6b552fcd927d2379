import type { RiskLevels } from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import type { Bus } from '../../realtime/bus.ts';
import { accountSnapshot, tradeSnapshot } from '../../risk/snapshots.ts';
import { AccountsWork } from './work.ts';

export interface AccountsDeps {
  db: Db;
  bus: Bus;
  /** A plan's margin call and stop-out levels, for the risk engine's snapshot of a changed account. */
  levels: (planId: number | null) => Promise<RiskLevels>;
}

/**
 * The owner of trading accounts and their money (DESIGN §2, §11): the only writer of balances and
 * ledger rows. Every caller (trading, staff adjustments, and later payments, savings and bots)
 * works inside `transaction`, which locks accounts in ascending order, books double-entry postings,
 * and after commit publishes each changed account once: `risk.sync` (the account with the trades
 * the transaction wrote), `account.changed` and `user.updated`. A rolled-back transaction
 * publishes nothing.
 */
export function createAccountsService(deps: AccountsDeps) {
  async function publish(work: AccountsWork): Promise<void> {
    for (const { row, trades } of work.changed()) {
      const levels = await deps.levels(row.planId);
      deps.bus.publish('risk.sync', {
        account: accountSnapshot(row, levels),
        trades: trades.map((t) => tradeSnapshot(t, row.revision)),
      });
      deps.bus.publish('account.changed', { userId: row.userId, accountId: row.id });
      deps.bus.publish('user.updated', { userId: row.userId });
    }
  }

  return {
    async transaction<T>(fn: (work: AccountsWork) => Promise<T>): Promise<T> {
      let work: AccountsWork | undefined;
      const result = await deps.db.transaction(async (tx) => {
        work = new AccountsWork(tx);
        return fn(work);
      });
      if (work) await publish(work);
      return result;
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;

import type { Db } from '../../db/client.ts';
import { AccountsWork } from './work.ts';

/**
 * Books an account's opening balance from the house cash account (first-start demo data, bench
 * fixtures). It runs before anything listens, so nothing is published.
 */
export async function bookOpeningBalance(db: Db, accountId: number, cents: bigint, reason: string) {
  await db.transaction(async (tx) => {
    const work = new AccountsWork(tx);
    if (!(await work.lockOne(accountId))) throw new Error(`no trading account ${accountId}`);
    await work.post({
      tradingAccountId: accountId,
      field: 'balance',
      amountCents: cents,
      houseAccount: 'cash',
      kind: 'seed_funding',
      reason,
      createdBy: null,
    });
  });
}

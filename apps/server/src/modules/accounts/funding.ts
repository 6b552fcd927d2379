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

/**
 * Sets a locked demo account's balance to `targetCents` through the ledger, against the house's
 * `demo_funding` in the `demo` book (the account's own book), so virtual money never meets real money.
 */
export async function fundDemo(
  work: AccountsWork,
  accountId: number,
  targetCents: bigint,
  by: number | null,
  reason: string,
): Promise<void> {
  const account = work.account(accountId);
  if (account.kind !== 'demo') throw new Error(`account ${accountId} is not a demo account`);
  const delta = targetCents - account.balanceCents;
  if (delta === 0n) return;
  await work.post({
    tradingAccountId: accountId,
    field: 'balance',
    amountCents: delta,
    houseAccount: 'demo_funding',
    kind: 'demo_funding',
    reason,
    createdBy: by,
  });
}

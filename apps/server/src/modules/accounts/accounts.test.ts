import { DEFAULT_RISK_LEVELS } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema.ts';
import { type Bus, createMemoryBus } from '../../realtime/bus.ts';
import { createTestContext, type TestContext } from '../../test/testApp.ts';
import { checkLedger, readAccount } from './repo.ts';
import { type AccountsService, createAccountsService } from './service.ts';

let t: TestContext;
let bus: Bus;
let accounts: AccountsService;
let events: string[];
beforeAll(async () => {
  t = await createTestContext();
  bus = createMemoryBus();
  events = [];
  bus.subscribe('risk.sync', (p) => events.push(`risk.sync:${p.account.id}`));
  bus.subscribe('account.changed', (p) => events.push(`account.changed:${p.accountId}`));
  bus.subscribe('user.updated', (p) => events.push(`user.updated:${p.userId}`));
  accounts = createAccountsService({ db: t.database.db, bus, levels: async () => DEFAULT_RISK_LEVELS });
});
afterAll(() => t.close());

async function newAccount(): Promise<{ accountId: number; userId: number }> {
  const { token } = await t.signIn('customer');
  const me = await t.app.inject({ url: '/api/v1/user', headers: { authorization: `Bearer ${token}` } });
  return { accountId: me.json().data.accounts[0].id, userId: me.json().data.id };
}

const deposit = (accountId: number, cents: bigint) => ({
  tradingAccountId: accountId,
  field: 'balance' as const,
  amountCents: cents,
  houseAccount: 'cash' as const,
  kind: 'staff_adjustment' as const,
  reason: 'Test',
  createdBy: null,
});

describe('the accounts owner', () => {
  it('publishes each changed account once, after commit, with its state as the transaction left it', async () => {
    const a = await newAccount();
    const b = await newAccount();
    const quiet = await newAccount();
    events.length = 0;
    await accounts.transaction(async (work) => {
      await work.lock([b.accountId, a.accountId, quiet.accountId]);
      await work.post(deposit(a.accountId, 500n));
      await work.post(deposit(a.accountId, 250n));
      await work.post(deposit(b.accountId, 100n));
      expect(events).toEqual([]);
    });
    const forA = events.filter((e) => e.endsWith(`:${a.accountId}`) || e === `user.updated:${a.userId}`);
    expect(forA).toEqual([
      `risk.sync:${a.accountId}`,
      `account.changed:${a.accountId}`,
      `user.updated:${a.userId}`,
    ]);
    expect(events.filter((e) => e.startsWith('account.changed'))).toEqual([
      `account.changed:${a.accountId}`,
      `account.changed:${b.accountId}`,
    ]);
    expect((await readAccount(t.database.db, a.accountId))?.balanceCents).toBe(750n);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('publishes nothing and books nothing when the transaction rolls back', async () => {
    const a = await newAccount();
    events.length = 0;
    await expect(
      accounts.transaction(async (work) => {
        await work.lockOne(a.accountId);
        await work.post(deposit(a.accountId, 500n));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(events).toEqual([]);
    const rows = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.tradingAccountId, a.accountId));
    expect(rows).toEqual([]);
  });

  it('refuses a posting to an account the transaction has not locked, and one below zero', async () => {
    const a = await newAccount();
    await expect(accounts.transaction((work) => work.post(deposit(a.accountId, 1n)))).rejects.toThrow(
      'is not locked',
    );
    await expect(
      accounts.transaction(async (work) => {
        await work.lockOne(a.accountId);
        return work.post(deposit(a.accountId, -1n));
      }),
    ).rejects.toThrow('This would take the balance below zero.');
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('never deadlocks when transactions lock the same accounts in opposite orders', async () => {
    const a = await newAccount();
    const b = await newAccount();
    await accounts.transaction(async (work) => {
      await work.lock([a.accountId, b.accountId]);
      await work.post(deposit(a.accountId, 10_000n));
      await work.post(deposit(b.accountId, 10_000n));
    });
    // Transfers both ways at once: each moves 1 cent from one account to the other.
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const [from, to] = i % 2 ? [a.accountId, b.accountId] : [b.accountId, a.accountId];
        return accounts.transaction(async (work) => {
          await work.lock([from, to]);
          await work.post({ ...deposit(from, -1n), kind: 'staff_adjustment' });
          await work.post(deposit(to, 1n));
        });
      }),
    );
    const [ra, rb] = [
      await readAccount(t.database.db, a.accountId),
      await readAccount(t.database.db, b.accountId),
    ];
    expect((ra?.balanceCents ?? 0n) + (rb?.balanceCents ?? 0n)).toBe(20_000n);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets } from '../../db/schema.ts';
import { TEST_ENGINE } from '../../test/testDatabase.ts';
import { createTradingContext, type TradingContext } from '../../test/trading.ts';
import { openTotals } from '../trading/repo.ts';
import { AccountsWork } from './work.ts';

let t: TradingContext;
beforeAll(async () => {
  t = await createTradingContext();
});
afterAll(() => t.close());

const newCustomer = () => t.customer(1_000);
async function anAsset(): Promise<number> {
  const [row] = await t.database.db.select({ id: assets.id }).from(assets).limit(1);
  if (!row) throw new Error('no instrument seeded');
  return row.id;
}

const insertOpen = (accountId: number, userId: number, assetId: number) =>
  `insert into trades (trading_account_id, user_id, asset_id, side, status, lots, units, contract_size, leverage,
     opening_price, margin_cents) values (${accountId}, ${userId}, ${assetId}, 'buy', 'open', 1, 1, 1, 100, 100, 100)`;

describe("the accounts owner's lock with the account's open totals", () => {
  it('brings the totals of the open positions per instrument and side with the lock', async () => {
    const { accountId, userId } = await newCustomer();
    const assetId = await anAsset();
    await t.database.db.execute(sql.raw(insertOpen(accountId, userId, assetId)));
    await t.database.db.execute(sql.raw(insertOpen(accountId, userId, assetId)));
    const locked = await t.database.db.transaction((tx) =>
      new AccountsWork(tx).lockOfUserWithTotals(userId, undefined),
    );
    expect(locked?.row.id).toBe(accountId);
    expect(locked?.totals).toEqual([
      { assetId, side: 'buy', count: 2, units: 2, unitsPrice: 200, marginCents: 200n },
    ]);
    const none = await t.database.db.transaction((tx) =>
      new AccountsWork(tx).lockOfUserWithTotals(userId + 10_000, accountId),
    );
    expect(none).toBeUndefined();
  });

  // PGlite runs one transaction at a time; the race exists only on PostgreSQL.
  it.runIf(TEST_ENGINE === 'postgres')(
    'gives no totals when it waited for a transaction that changed the account, and reading them afresh sees its trades',
    async () => {
      const { accountId, userId } = await newCustomer();
      const assetId = await anAsset();
      const pool = t.database.pool;
      if (!pool) throw new Error('PostgreSQL without a pool');
      const other = await pool.connect();
      try {
        // Another transaction holds the account (as the accounts owner does) and opens a position.
        await other.query('begin');
        await other.query('update trading_accounts set revision = revision + 1 where id = $1', [accountId]);
        await other.query(insertOpen(accountId, userId, assetId));
        const waiting = t.database.db.transaction(async (tx) => {
          const work = new AccountsWork(tx);
          const locked = await work.lockOfUserWithTotals(userId, accountId);
          return { locked, fresh: await openTotals(tx, accountId) };
        });
        // Let the lock statement start (and take its snapshot) before the other one commits.
        await new Promise((r) => setTimeout(r, 300));
        await other.query('commit');
        const { locked, fresh } = await waiting;
        expect(locked?.row.id).toBe(accountId);
        expect(locked?.totals).toBeUndefined();
        expect(fresh.map((x) => x.count)).toEqual([1]);
      } finally {
        other.release();
      }
    },
  );
});

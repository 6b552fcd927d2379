import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { checkLedger } from '../../modules/accounts/repo.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import type { Database } from '../client.ts';
import { assets, tradingAccounts } from '../schema.ts';
import { seed } from './index.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('first-start seed', () => {
  it('creates the logins, funds the demo customer through the ledger and is safe to run again', async () => {
    const config = loadConfig({ SEED_DEMO_PASSWORD: 'demo-pass-123' });
    const created = await seed(database.db, config);
    expect(created.map((c) => c.role).sort()).toEqual(['customer', 'staff']);
    expect(created.find((c) => c.role === 'customer')?.generatedPassword).toBeUndefined();
    expect(created.find((c) => c.role === 'staff')?.generatedPassword).toMatch(/^[\w-]{16}$/);
    expect(await seed(database.db, config)).toEqual([]);
    const accounts = await database.db.select().from(tradingAccounts);
    expect(accounts.map((a) => a.balanceCents)).toEqual([1_000_000n]);
    expect(await checkLedger(database.db)).toEqual([]);
    expect((await database.db.select().from(assets)).length).toBeGreaterThan(2000);
  });
});

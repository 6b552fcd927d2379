import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/testApp.ts';
import { checkLedger } from './repo.ts';

let t: TestContext;
let staff: string;
beforeAll(async () => {
  t = await createTestContext();
  staff = (await t.signIn('staff')).token;
});
afterAll(() => t.close());

async function customerAccount(): Promise<{ token: string; accountId: number }> {
  const { token } = await t.signIn('customer');
  const me = await t.app.inject({ url: '/api/v1/user', headers: { authorization: `Bearer ${token}` } });
  return { token, accountId: me.json().data.accounts[0].id };
}

const adjust = (accountId: number, payload: object, token = staff) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/accounts/${accountId}/adjustments`,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });

describe('staff ledger adjustments', () => {
  it('credits and debits balance and credit to the cent, each as balanced ledger entries', async () => {
    const { token, accountId } = await customerAccount();
    expect(
      (await adjust(accountId, { field: 'balance', amount: 1000.1, reason: 'Wire deposit #1' })).json().data,
    ).toEqual({
      balance: 1000.1,
      credit_balance: 0,
    });
    await adjust(accountId, { field: 'balance', amount: -0.2, reason: 'Fee' });
    await adjust(accountId, { field: 'credit', amount: 50, reason: 'Welcome bonus' });
    const me = (
      await t.app.inject({ url: '/api/v1/user', headers: { authorization: `Bearer ${token}` } })
    ).json().data;
    expect(me).toMatchObject({ balance: 999.9, credit_balance: 50 });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('refuses to take a balance below zero and changes nothing', async () => {
    const { accountId } = await customerAccount();
    await adjust(accountId, { field: 'balance', amount: 10, reason: 'Deposit' });
    const res = await adjust(accountId, { field: 'balance', amount: -10.01, reason: 'Too much' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This would take the balance below zero.');
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('validates the amount and reason, and is staff-only', async () => {
    const { token, accountId } = await customerAccount();
    const bad = await adjust(accountId, { field: 'balance', amount: 1.005, reason: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      amount: ['Amount can have at most two decimals'],
      reason: ['Give a reason of at least 3 characters'],
    });
    expect(
      (await adjust(accountId, { field: 'balance', amount: 5, reason: 'Self-service' }, token)).statusCode,
    ).toBe(403);
    expect((await adjust(999_999, { field: 'balance', amount: 5, reason: 'Nobody' })).statusCode).toBe(404);
  });

  it('never overspends under concurrent debits: exactly what the balance allows goes through', async () => {
    const { accountId } = await customerAccount();
    await adjust(accountId, { field: 'balance', amount: 100, reason: 'Deposit' });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        adjust(accountId, { field: 'balance', amount: -10, reason: `Debit ${i}` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(20);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});

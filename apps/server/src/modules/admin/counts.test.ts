import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposits, withdrawals } from '../../db/schemaMoney.ts';
import { createTestContext, type TestContext } from '../../test/testApp.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const counts = async (token: string) =>
  (await t.app.inject({ url: '/api/v1/admin/counts', headers: { authorization: `Bearer ${token}` } })).json()
    .data;

describe('GET /admin/counts', () => {
  it('counts wires waiting for staff and withdrawals waiting for approval, nothing else', async () => {
    const { token: staff } = await t.signIn('staff');
    const { token } = await t.signIn('customer');
    const me = (
      await t.app.inject({ url: '/api/v1/user', headers: { authorization: `Bearer ${token}` } })
    ).json().data;
    const base = { userId: me.id as number, tradingAccountId: me.accounts[0].id as number, currency: 'USD' };
    expect(await counts(staff)).toMatchObject({ pending_deposits: 0, held_withdrawals: 0 });

    const deposit = { ...base, methodKey: 'wire', provider: 'manual', amountCents: 10_000n };
    await t.database.db.insert(deposits).values([
      { ...deposit, method: 'wire', status: 'pending' },
      { ...deposit, method: 'wire', status: 'completed' },
      { ...deposit, method: 'card', methodKey: 'card', provider: 'sandbox-card', status: 'pending' },
    ]);
    const withdrawal = {
      ...base,
      method: 'bank' as const,
      methodKey: 'wire',
      amountCents: 5_000n,
      destination: { holder: 'Test Customer', iban: 'DE89370400440532013000' },
    };
    await t.database.db.insert(withdrawals).values([
      { ...withdrawal, status: 'held' },
      { ...withdrawal, status: 'approved' },
    ]);
    expect(await counts(staff)).toMatchObject({ pending_deposits: 1, held_withdrawals: 1 });
  });
});

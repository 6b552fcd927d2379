import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, siteSettings } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/testApp.ts';

// The money settings of issue 14: account currencies, the demo balance and the two-level
// withdrawal threshold, handled like the four-eyes threshold (staff-only, validated, audited).

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const patch = (token: string, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/v1/admin/settings',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
const stored = async () => (await t.database.db.select().from(siteSettings).where(eq(siteSettings.id, 1)))[0];
const lastAudit = async () =>
  (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

describe('money site settings', () => {
  it('shows staff the defaults, and never the public', async () => {
    const { token } = await t.signIn('staff');
    const res = await t.app.inject({
      url: '/api/v1/admin/settings',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      account_currencies: ['USD', 'EUR', 'GBP'],
      demo_balance: 10_000,
      withdrawal_two_level_threshold: 5_000,
    });
    const pub = (await t.app.inject('/api/v1/settings')).json().data;
    for (const field of ['account_currencies', 'demo_balance', 'withdrawal_two_level_threshold']) {
      expect(pub).not.toHaveProperty(field);
    }
  });

  it('validates each field with a message beside it, changing nothing', async () => {
    const { token } = await t.signIn('staff');
    const res = await patch(token, {
      account_currencies: [],
      demo_balance: 0,
      withdrawal_two_level_threshold: -5,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      account_currencies: ['Allow at least one currency'],
      demo_balance: ['The demo balance must be greater than zero'],
      withdrawal_two_level_threshold: ['The threshold cannot be negative'],
    });
    const bad = async (payload: object) => (await patch(token, payload)).json().errors;
    expect(await bad({ account_currencies: ['USD', 'EURO'] })).toHaveProperty(['account_currencies.1']);
    expect((await bad({ account_currencies: ['USD', 'usd'] })).account_currencies).toEqual([
      'List each currency once',
    ]);
    expect(await bad({ account_currencies: 'USD' })).toHaveProperty('account_currencies');
    expect(await bad({ demo_balance: 10.005 })).toHaveProperty('demo_balance');
    expect(await bad({ withdrawal_two_level_threshold: 1e10 })).toHaveProperty(
      'withdrawal_two_level_threshold',
    );
    expect(await stored()).toMatchObject({
      accountCurrencies: ['USD', 'EUR', 'GBP'],
      demoBalanceCents: 1_000_000n,
      withdrawalTwoLevelCents: 500_000n,
    });
  });

  it('stores a change in cents, upper-cases the codes, audits before and after, and tells every screen', async () => {
    const { token } = await t.signIn('staff');
    const events: string[] = [];
    const offs = [
      t.app.bus.subscribe('settings.updated', () => events.push('settings.updated')),
      t.app.bus.subscribe('admin.changed', (c) => events.push(`admin.changed:${c.scope}`)),
    ];
    const res = await patch(token, {
      account_currencies: ['usd', 'CHF'],
      demo_balance: 25_000.5,
      withdrawal_two_level_threshold: 2_500.25,
    });
    for (const off of offs) off();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      account_currencies: ['USD', 'CHF'],
      demo_balance: 25_000.5,
      withdrawal_two_level_threshold: 2_500.25,
    });
    expect(events).toEqual(['settings.updated', 'admin.changed:settings']);
    expect(await stored()).toMatchObject({
      accountCurrencies: ['USD', 'CHF'],
      demoBalanceCents: 2_500_050n,
      withdrawalTwoLevelCents: 250_025n,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'settings.update',
      objectType: 'settings',
      before: {
        account_currencies: ['USD', 'EUR', 'GBP'],
        demo_balance: 10_000,
        withdrawal_two_level_threshold: 5_000,
      },
      after: {
        account_currencies: ['USD', 'CHF'],
        demo_balance: 25_000.5,
        withdrawal_two_level_threshold: 2_500.25,
      },
    });
  });

  it('records nothing when the values sent are the ones stored', async () => {
    const { token } = await t.signIn('staff');
    await patch(token, { account_currencies: ['USD', 'EUR'], demo_balance: 5_000 });
    const count = (await t.database.db.select().from(auditLog)).length;
    const res = await patch(token, { account_currencies: ['usd', 'eur'], demo_balance: 5_000 });
    expect(res.statusCode).toBe(200);
    expect((await t.database.db.select().from(auditLog)).length).toBe(count);
  });

  it('refuses staff without settings.write', async () => {
    const { token } = await t.signIn('staff', undefined, ['support']);
    expect((await patch(token, { demo_balance: 1 })).statusCode).toBe(403);
    expect((await stored())?.demoBalanceCents).not.toBe(100n);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, plans, users } from '../../db/schema.ts';
import { type Customer, createTradingContext, type TradingContext } from '../../test/trading.ts';
import { containsPattern } from './listRepo.ts';

let t: TradingContext;
let support: string;
let finance: string;
let ada: Customer;
let grace: Customer;
let adaNumber: string;
let gold: number;
let basic: number;

beforeAll(async () => {
  t = await createTradingContext();
  support = (await t.signIn('staff', 'support@clients.test', ['support'])).token;
  finance = (await t.signIn('staff', 'finance@clients.test', ['finance'])).token;
  const db = t.database.db;
  const rows = await db
    .insert(plans)
    .values([
      { title: 'Basic', color: '#888', leverage: 100, rank: 1, marginCallLevel: 100, stopOutLevel: 50 },
      { title: 'Gold', color: '#fc0', leverage: 200, rank: 2, marginCallLevel: 80, stopOutLevel: 30 },
    ])
    .returning();
  basic = rows[0]?.id ?? 0;
  gold = rows[1]?.id ?? 0;
  ada = await t.customer(5_000);
  grace = await t.customer(100);
  await db
    .update(users)
    .set({ firstName: 'Ada', lastName: 'Lovelace', planId: basic, lastSeenAt: t.clock.now() })
    .where(eq(users.id, ada.userId));
  await db
    .update(users)
    .set({ firstName: 'Grace', lastName: 'Hop_per', planId: gold, status: 'pending' })
    .where(eq(users.id, grace.userId));
  adaNumber = (await t.call(ada.token, 'GET', '/user')).json().data.accounts[0].number;
});
afterAll(() => t.close());

const list = async (query: string, token = t.staff) => {
  const res = await t.call(token, 'GET', `/admin/clients?per_page=200&${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: { id: number; name: string }[]; meta: { total: number } };
};
const ids = async (query: string) => (await list(query)).data.map((r) => r.id);

describe('GET /admin/clients', () => {
  it('needs clients.read: 403 for a customer, 200 for support, finance and admin', async () => {
    expect((await t.call(ada.token, 'GET', '/admin/clients')).statusCode).toBe(403);
    for (const token of [support, finance, t.staff]) {
      expect((await t.call(token, 'GET', '/admin/clients')).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/clients' })).statusCode).toBe(401);
  });

  it('lists customers only, with plan, accounts and totals', async () => {
    const page = await list('');
    const row = page.data.find((r) => r.id === ada.userId);
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      status: 'active',
      plan: { id: basic, title: 'Basic' },
      accounts: [{ id: ada.accountId, number: adaNumber, balance: 5_000, credit: 0 }],
      balance: 5_000,
      credit: 0,
      online: true,
    });
    expect(page.data.every((r) => !r.name.includes('staff'))).toBe(true);
  });

  it('searches by name, e-mail and account number, case-insensitively', async () => {
    expect(await ids('search=lovelace')).toEqual([ada.userId]);
    expect(await ids('search=ADA%20LOVE')).toEqual([ada.userId]);
    const email = (await t.call(grace.token, 'GET', '/user')).json().data.email as string;
    expect(await ids(`search=${encodeURIComponent(email.toUpperCase())}`)).toEqual([grace.userId]);
    expect(await ids(`search=${adaNumber}`)).toEqual([ada.userId]);
  });

  it('takes LIKE wildcards in the search literally', async () => {
    expect(containsPattern('a_b%c\\')).toBe('%a\\_b\\%c\\\\%');
    // "_" would match any one character; only Grace's name has a real underscore.
    expect(await ids('search=p_p')).toEqual([grace.userId]);
    expect(await ids('search=%25')).toEqual([]);
  });

  it('filters by status, plan and online', async () => {
    expect(await ids('status=pending')).toEqual([grace.userId]);
    expect(await ids(`plan_id=${gold}`)).toEqual([grace.userId]);
    expect(await ids('online=true')).toEqual([ada.userId]);
    expect(await ids('online=false')).toContain(grace.userId);
    expect(await ids('online=false')).not.toContain(ada.userId);
  });

  it('sorts by whitelisted columns and refuses any other with a 422', async () => {
    const byBalance = await ids('sort=-balance');
    expect(byBalance.indexOf(ada.userId)).toBeLessThan(byBalance.indexOf(grace.userId));
    const byName = await ids('sort=name');
    expect(byName.indexOf(ada.userId)).toBeLessThan(byName.indexOf(grace.userId));
    const bad = await t.call(t.staff, 'GET', '/admin/clients?sort=password_hash');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.sort).toBeDefined();
    expect((await t.call(t.staff, 'GET', '/admin/clients?status=nope')).statusCode).toBe(422);
  });

  it('pages', async () => {
    const first = await t.call(t.staff, 'GET', '/admin/clients?per_page=1&sort=created_at');
    const body = first.json();
    expect(body.data).toHaveLength(1);
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 1 });
    expect(body.meta.total).toBeGreaterThanOrEqual(2);
    expect(body.links.next).toContain('page=2');
  });
});

describe('GET /admin/clients/:id (the card)', () => {
  it('shows the same figures as the customer’s own /account/summary, at live prices', async () => {
    t.tick('EURUSD', 1.1);
    const order = await t.order(ada.token, { type: 'buy', id: t.assetId('EURUSD'), volume: 10_000 });
    expect(order.statusCode).toBe(200);
    t.tick('EURUSD', 1.102);
    const own = (await t.call(ada.token, 'GET', '/account/summary')).json().data;
    const res = await t.call(support, 'GET', `/admin/clients/${ada.userId}`);
    expect(res.statusCode).toBe(200);
    const card = res.json().data;
    expect(card.accounts[0]).toMatchObject({ ...own, number: adaNumber });
    expect(card.profile).toMatchObject({ id: ada.userId, first_name: 'Ada', status: 'active', online: true });
    expect(card.profile).not.toHaveProperty('password_hash');
    expect(JSON.stringify(card)).not.toContain('argon2');
    expect(card.plan).toMatchObject({ id: basic, title: 'Basic', leverage: 100 });
  });

  it('is 404 for a staff member or an unknown id, 403 for a customer', async () => {
    expect((await t.call(t.staff, 'GET', '/admin/clients/999999')).statusCode).toBe(404);
    expect((await t.call(ada.token, 'GET', `/admin/clients/${ada.userId}`)).statusCode).toBe(403);
  });
});

describe('trades, money and activity tabs', () => {
  it('lists open positions with floating P/L and closed history', async () => {
    const open = (await t.call(support, 'GET', `/admin/clients/${ada.userId}/trades?status=open`)).json();
    expect(open.data.length).toBeGreaterThan(0);
    const mine = (await t.call(ada.token, 'GET', '/open/trades')).json().data;
    expect(open.data[0].pnl).toBe(mine[0].pnl);
    const closed = await t.call(support, 'GET', `/admin/clients/${ada.userId}/trades?status=closed`);
    expect(closed.statusCode).toBe(200);
    expect((await t.call(support, 'GET', `/admin/clients/${ada.userId}/trades?status=x`)).statusCode).toBe(
      422,
    );
  });

  it('money needs money.read: support 403, finance sees the staff deposit', async () => {
    expect((await t.call(support, 'GET', `/admin/clients/${ada.userId}/money`)).statusCode).toBe(403);
    const res = await t.call(finance, 'GET', `/admin/clients/${ada.userId}/money`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual(
      expect.objectContaining({
        kind: 'staff_adjustment',
        amount: 5_000,
        reason: 'Test deposit',
        field: 'balance',
      }),
    );
  });

  it('staff close needs trades.close and a reason, and is audited in the timeline', async () => {
    const open = (await t.call(t.staff, 'GET', `/admin/clients/${ada.userId}/trades?status=open`)).json();
    const tradeId: number = open.data[0].id;
    expect(
      (await t.call(support, 'POST', `/admin/trades/${tradeId}/close`, { reason: 'Risk' })).statusCode,
    ).toBe(403);
    const noReason = await t.call(finance, 'POST', `/admin/trades/${tradeId}/close`, {});
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toBeDefined();
    const res = await t.call(finance, 'POST', `/admin/trades/${tradeId}/close`, { reason: 'Margin breach' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'closed', close_reason: 'staff' });
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'trade.close'));
    expect(row).toMatchObject({ objectType: 'trade', objectId: String(tradeId), reason: 'Margin breach' });
    expect(row?.before).toMatchObject({ status: 'open' });
    expect(row?.after).toMatchObject({ status: 'closed' });
    // A second close is refused and writes nothing.
    expect(
      (await t.call(finance, 'POST', `/admin/trades/${tradeId}/close`, { reason: 'Again' })).statusCode,
    ).toBe(409);

    const activity = (await t.call(support, 'GET', `/admin/clients/${ada.userId}/activity`)).json();
    const actions = activity.data.map((a: { action: string }) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['trade.close', 'trade.open', 'login', 'money.adjust']));
    const audited = activity.data.find(
      (a: { source: string; action: string }) => a.source === 'audit' && a.action === 'trade.close',
    );
    expect(audited.summary).toBe('Closed a position: Margin breach');
    expect(audited.actor.name).toBe('Test staff');
    const times = activity.data.map((a: { at: string }) => a.at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('PATCH /admin/clients/:id/plan', () => {
  it('needs clients.manage, moves the plan, audits before/after and tells the risk engine', async () => {
    expect(
      (await t.call(finance, 'PATCH', `/admin/clients/${ada.userId}/plan`, { plan_id: gold })).statusCode,
    ).toBe(403);
    expect((await t.call(t.staff, 'PATCH', `/admin/clients/${ada.userId}/plan`, {})).statusCode).toBe(422);
    expect(
      (await t.call(t.staff, 'PATCH', `/admin/clients/${ada.userId}/plan`, { plan_id: 999_999 })).statusCode,
    ).toBe(422);
    const heard: string[] = [];
    const offs = [
      t.app.bus.subscribe('settings.updated', () => heard.push('settings')),
      t.app.bus.subscribe('user.updated', ({ userId }) => heard.push(`user:${userId}`)),
    ];
    const res = await t.call(t.staff, 'PATCH', `/admin/clients/${ada.userId}/plan`, { plan_id: gold });
    for (const off of offs) off();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: gold, title: 'Gold' });
    expect(heard).toEqual(expect.arrayContaining(['settings', `user:${ada.userId}`]));
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'client.plan'));
    expect(row).toMatchObject({ objectType: 'user', objectId: String(ada.userId) });
    expect(row?.before).toEqual({ plan_id: basic });
    expect(row?.after).toEqual({ plan_id: gold });
    const me = (await t.call(ada.token, 'GET', '/user')).json().data;
    expect(me.account_type.id).toBe(gold);
  });
});

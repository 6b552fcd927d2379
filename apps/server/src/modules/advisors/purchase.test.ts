import type { AdminAdvisor } from '@openbroker/domain';
import { convertCents, toAccountCurrency } from '@openbroker/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, plans, users } from '../../db/schema.ts';
import { advisorPurchases, expertAdvisors } from '../../db/schemaBots.ts';
import { checkLedger } from '../accounts/repo.ts';
import { type AdvisorTestContext, createAdvisorContext } from './testSupport.ts';

let t: AdvisorTestContext;
let paid: AdminAdvisor;
let free: AdminAdvisor;
let goldOnly: AdminAdvisor;
let withdrawn: AdminAdvisor;

beforeAll(async () => {
  t = await createAdvisorContext();
  paid = await t.createAdvisor({ name: 'Crossover Pro', price: 49, features: ['Golden cross'] });
  free = await t.createAdvisor({
    name: 'Free Grid',
    strategy: 'grid',
    params: {},
    price: 0,
    category: 'Grid',
    author: 'Grid House',
    description: 'A ladder of buy and sell levels around a starting price, with a hard stop.',
  });
  goldOnly = await t.createAdvisor({
    name: 'Gold Breakout',
    price: 99,
    plan_ids: [t.gold],
    category: 'Breakout',
  });
  withdrawn = await t.createAdvisor({ name: 'Old Advisor', active: false });
});
afterAll(() => t.close());

function purchase(token: string, body: object, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/purchase/ea',
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

async function downloadsOf(id: number): Promise<number> {
  const [row] = await t.database.db.select().from(expertAdvisors).where(eq(expertAdvisors.id, id));
  return row?.downloads ?? -1;
}

async function purchasesOf(userId: number) {
  return t.database.db.select().from(advisorPurchases).where(eq(advisorPurchases.userId, userId));
}

describe('the marketplace (GET /expert_advisors)', () => {
  it('answers data.data: the active catalogue, purchased per customer, without it when signed out', async () => {
    const c = await t.customer(0);
    const res = await t.call(c.token, 'GET', '/expert_advisors');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data.data as { id: number; purchased?: boolean; type: string }[];
    expect(list.map((a) => a.id).sort()).toEqual([paid.id, free.id, goldOnly.id].sort());
    expect(list.every((a) => a.purchased === false && a.type === 'expert_advisor')).toBe(true);
    const item = list.find((a) => a.id === paid.id);
    expect(item).toMatchObject({
      name: 'Crossover Pro',
      amount_val: 49,
      amount: '49.00',
      strategy: 'Moving Average Crossover on EUR/USD, 1-minute bars',
      strategy_name: 'Moving Average Crossover',
      symbol: 'EUR/USD',
      category: 'Trend',
      backtest: null,
    });

    const anonymous = await t.app.inject({ url: '/api/v1/expert_advisors' });
    expect(anonymous.statusCode).toBe(200);
    expect((anonymous.json().data.data as object[]).every((a) => !('purchased' in a))).toBe(true);
  });

  it('applies search, category and filter as the page does', async () => {
    const ids = async (query: string) =>
      (
        (await t.app.inject({ url: `/api/v1/expert_advisors?${query}` })).json().data.data as { id: number }[]
      ).map((a) => a.id);
    expect(await ids('filter=free')).toEqual([free.id]);
    expect(await ids('search=GOLDEN%20CROSS')).toEqual([paid.id]);
    expect(await ids('search=grid%20house')).toEqual([free.id]);
    expect(await ids('category=breakout')).toEqual([goldOnly.id]);
    expect(await ids('category=all&filter=newest')).toEqual([goldOnly.id, free.id, paid.id]);
    expect(await ids('search=nothing-like-this')).toEqual([]);
  });

  it('shows one advisor with its curve; unknown or withdrawn ones are not found', async () => {
    const one = await t.app.inject({ url: `/api/v1/expert_advisors/${paid.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id: paid.id, risks: expect.stringContaining('whipsaw') });
    for (const id of [999_999, withdrawn.id]) {
      const res = await t.app.inject({ url: `/api/v1/expert_advisors/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Expert Advisor not found');
    }
  });

  it('puts the same list, without purchased, in shared data', async () => {
    const res = await t.app.inject({ url: '/api/v1/shared-data' });
    const advisors = res.json().data.expert_advisors as { id: number }[];
    expect(advisors.map((a) => a.id).sort()).toEqual([paid.id, free.id, goldOnly.id].sort());
    expect(advisors.every((a) => !('purchased' in a))).toBe(true);
  });
});

describe('buying an Expert Advisor (POST /purchase/ea)', () => {
  it('debits the price through the ledger to revenue, counts the download, and adds it to eas', async () => {
    const c = await t.customer(1_000);
    const revenueBefore = await t.houseTotal('revenue');
    const downloads = await downloadsOf(paid.id);
    const res = await purchase(c.token, { expert_advisor_id: paid.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'Expert Advisor purchased successfully' });
    expect(await t.balance(c.token, c.accountId)).toBe(951);
    expect((await t.houseTotal('revenue')) - revenueBefore).toBe(4_900n);
    expect(await downloadsOf(paid.id)).toBe(downloads + 1);
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.tradingAccountId, c.accountId), eq(ledgerEntries.kind, 'advisor_purchase')),
      );
    expect(entries.map((e) => e.amountCents)).toEqual([-4_900n]);
    expect(await checkLedger(t.database.db)).toEqual([]);

    const me = (await t.call(c.token, 'GET', '/user')).json().data;
    expect(me.eas).toEqual([paid.id]);
    const list = (await t.call(c.token, 'GET', '/expert_advisors')).json().data.data as {
      id: number;
      purchased: boolean;
    }[];
    expect(list.find((a) => a.id === paid.id)?.purchased).toBe(true);
    expect(list.find((a) => a.id === free.id)?.purchased).toBe(false);

    const again = await purchase(c.token, { expert_advisor_id: paid.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already own this Expert Advisor');
    expect(await t.balance(c.token, c.accountId)).toBe(951);
  });

  it('answers a repeated Idempotency-Key with the first answer and debits once', async () => {
    const c = await t.customer(500);
    const first = await purchase(c.token, { expert_advisor_id: paid.id }, 'buy-crossover-0001');
    const second = await purchase(c.token, { expert_advisor_id: paid.id }, 'buy-crossover-0001');
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await t.balance(c.token, c.accountId)).toBe(451);
    expect(await purchasesOf(c.userId)).toHaveLength(1);
    const other = await purchase(c.token, { expert_advisor_id: free.id }, 'buy-crossover-0001');
    expect(other.statusCode).toBe(422);
  });

  it('refuses without enough funds and changes nothing', async () => {
    const c = await t.customer(10);
    const downloads = await downloadsOf(paid.id);
    const res = await purchase(c.token, { expert_advisor_id: paid.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Not enough funds to buy this Expert Advisor: $49.00 needed, $10.00 available',
    );
    expect(await t.balance(c.token, c.accountId)).toBe(10);
    expect(await purchasesOf(c.userId)).toEqual([]);
    expect(await downloadsOf(paid.id)).toBe(downloads);
    expect((await t.call(c.token, 'GET', '/user')).json().data.eas).toEqual([]);
  });

  it('refuses an advisor the plan excludes (403) and unknown or withdrawn ones (404)', async () => {
    const c = await t.customer(1_000);
    const excluded = await purchase(c.token, { expert_advisor_id: goldOnly.id });
    expect(excluded.statusCode).toBe(403);
    expect(excluded.json().message).toBe('This Expert Advisor is not available for your plan');
    for (const id of [withdrawn.id, 999_999]) {
      const res = await purchase(c.token, { expert_advisor_id: id });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Expert Advisor not found');
    }
    expect(await t.balance(c.token, c.accountId)).toBe(1_000);
    // On the gold plan it can be bought.
    await t.putOnPlan(c.userId, t.gold);
    expect((await purchase(c.token, { expert_advisor_id: goldOnly.id })).statusCode).toBe(200);
    expect((await t.call(c.token, 'GET', '/user')).json().data.eas).toEqual([goldOnly.id]);
  });

  it('keeps an owned advisor out of eas while the plan excludes it', async () => {
    const c = await t.customer(1_000);
    expect((await purchase(c.token, { expert_advisor_id: paid.id })).statusCode).toBe(200);
    await t.putOnPlan(c.userId, t.gold);
    expect((await t.call(c.token, 'GET', '/user')).json().data.eas).toEqual([]);
    await t.putOnPlan(c.userId, t.basic);
    expect((await t.call(c.token, 'GET', '/user')).json().data.eas).toEqual([paid.id]);
  });

  it('"buys" a free advisor for nothing, without a ledger entry, even with no money', async () => {
    const c = await t.customer(0);
    const res = await purchase(c.token, { expert_advisor_id: free.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await purchasesOf(c.userId)).toMatchObject([{ amountCents: 0n, advisorId: free.id }]);
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.tradingAccountId, c.accountId));
    expect(entries).toEqual([]);
    expect((await t.call(c.token, 'GET', '/user')).json().data.eas).toEqual([free.id]);
  });

  it('charges a EUR account the USD price at the live rate, and refuses a demo account', async () => {
    const c = await t.customer(0);
    const opened = await t.call(c.token, 'POST', '/accounts', { type: 'live', currency: 'EUR' });
    expect(opened.statusCode, opened.body).toBe(201);
    const eur = opened.json().data.id as number;
    const funded = await t.call(t.staff, 'POST', `/admin/accounts/${eur}/adjustments`, {
      field: 'balance',
      amount: 1_000,
      reason: 'Test deposit',
    });
    expect(funded.statusCode, funded.body).toBe(200);
    const demo = (await t.call(c.token, 'POST', '/accounts', { type: 'demo', currency: 'USD' })).json().data
      .id;
    const refused = await purchase(c.token, { expert_advisor_id: paid.id, account_id: demo });
    expect(refused.statusCode).toBe(422);

    const rate = toAccountCurrency(1, 'USD', 'EUR', t.app.market.rate);
    if (!rate.ok) throw new Error('no USD→EUR rate');
    const res = await purchase(c.token, { expert_advisor_id: paid.id, account_id: eur });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await purchasesOf(c.userId);
    expect(row).toMatchObject({
      currency: 'EUR',
      priceCents: 4_900n,
      amountCents: convertCents(4_900n, rate.value),
    });
    expect(await t.balance(c.token, eur)).toBe(1_000 - Number(convertCents(4_900n, rate.value)) / 100);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('debits once when 20 purchases of the same advisor race', async () => {
    const c = await t.customer(1_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        purchase(c.token, { expert_advisor_id: paid.id }, i % 2 === 0 ? `race-key-${i}-abcdef` : undefined),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(19);
    expect(await t.balance(c.token, c.accountId)).toBe(951);
    expect(await purchasesOf(c.userId)).toHaveLength(1);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('refuses a deactivated customer and a staff member', async () => {
    const staff = await purchase(t.staff, { expert_advisor_id: paid.id });
    expect(staff.statusCode).toBe(403);
    const c = await t.customer(1_000);
    await t.database.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, c.userId));
    const inactive = await purchase(c.token, { expert_advisor_id: paid.id });
    expect(inactive.statusCode).toBe(403);
    expect(await purchasesOf(c.userId)).toEqual([]);
    // The plan row is untouched by any refusal.
    const [basic] = await t.database.db.select().from(plans).where(eq(plans.id, t.basic));
    expect(basic?.eas).toEqual([paid.id, free.id, withdrawn.id]);
  });
});

import type { AdminAdvisor } from '@openbroker/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, plans, trades } from '../../db/schema.ts';
import { advisorRuns, expertAdvisors } from '../../db/schemaBots.ts';
import { storeBacktest } from './repo.ts';
import { type AdvisorTestContext, createAdvisorContext } from './testSupport.ts';

let t: AdvisorTestContext;
let support: string;

beforeAll(async () => {
  t = await createAdvisorContext();
  support = (await t.signIn('staff', 'support-ea@example.test', ['support'])).token;
});
afterAll(() => t.close());

const easOf = async (planId: number) =>
  (await t.database.db.select({ eas: plans.eas }).from(plans).where(eq(plans.id, planId)))[0]?.eas;

const auditsOf = async (id: number) =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'expert_advisor'), eq(auditLog.objectId, String(id))))
      .orderBy(asc(auditLog.id))
  ).map((a) => a.action);

/** A customer who bought `advisorId` (free) and started it on their account. */
async function runningCustomer(advisorId: number) {
  const c = await t.customer(5_000);
  const bought = await t.call(c.token, 'POST', '/purchase/ea', { expert_advisor_id: advisorId });
  expect(bought.statusCode, bought.body).toBe(200);
  const started = await t.call(c.token, 'POST', `/expert_advisors/${advisorId}/start`, {});
  expect(started.statusCode, started.body).toBe(200);
  return { ...c, runId: started.json().data.id as number };
}

const runStatus = async (runId: number) =>
  (await t.database.db.select().from(advisorRuns).where(eq(advisorRuns.id, runId)))[0];

describe('the staff catalogue editor', () => {
  it('creates an advisor with its strategy defaults filled, writes plans’ eas, and audits it', async () => {
    const created = await t.createAdvisor({
      name: 'Editor One',
      plan_ids: [t.basic, t.gold],
      autotrader: true,
    });
    expect(created).toMatchObject({
      name: 'Editor One',
      strategy: 'ma_crossover',
      params: { fast: 5, slow: 20, maType: 'sma', timeframeSec: 60 },
      plan_ids: [t.basic, t.gold],
      autotrader: true,
      active: true,
      price: 49,
      symbol: 'EUR/USD',
      summary: 'Moving Average Crossover on EUR/USD, 1-minute bars',
      backtest: null,
    });
    expect(await easOf(t.basic)).toContain(created.id);
    expect(await easOf(t.gold)).toContain(created.id);
    expect(await auditsOf(created.id)).toEqual(['advisor.create']);
    const list = (await t.call(t.staff, 'GET', '/admin/expert_advisors')).json().data as AdminAdvisor[];
    expect(list.find((a) => a.id === created.id)?.plan_ids).toEqual([t.basic, t.gold]);
  });

  it('refuses bad parameters naming the field, an unknown strategy, instrument or plan, and a taken name', async () => {
    const bad = await t.call(
      t.staff,
      'POST',
      '/admin/expert_advisors',
      t.input({ params: { fast: 30, slow: 10 } }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['params.fast']).toEqual(['The fast average must be shorter than the slow one']);
    const typo = await t.call(
      t.staff,
      'POST',
      '/admin/expert_advisors',
      t.input({ params: { lots: 'many' } }),
    );
    expect(typo.statusCode).toBe(422);
    expect(Object.keys(typo.json().errors)).toEqual(['params.lots']);

    const unknown = await t.call(
      t.staff,
      'POST',
      '/admin/expert_advisors',
      t.input({ strategy: 'martingale', asset_id: 987_654, plan_ids: [987_654] }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors).sort()).toEqual(['asset_id', 'plan_ids', 'strategy']);

    await t.createAdvisor({ name: 'Unique Name' });
    const taken = await t.call(t.staff, 'POST', '/admin/expert_advisors', t.input({ name: 'UNIQUE name' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('An Expert Advisor with this name already exists.');

    const short = await t.call(t.staff, 'POST', '/admin/expert_advisors', { ...t.input(), price: -1 });
    expect(short.statusCode).toBe(422);
  });

  it('lets support read but not change the catalogue; customers get 403', async () => {
    expect((await t.call(support, 'GET', '/admin/expert_advisors')).statusCode).toBe(200);
    expect((await t.call(support, 'GET', '/admin/strategies')).statusCode).toBe(200);
    expect((await t.call(support, 'GET', '/admin/advisor_performance')).statusCode).toBe(200);
    const write = await t.call(support, 'POST', '/admin/expert_advisors', t.input());
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe('Your staff role does not allow this (it needs advisors.manage).');
    const existing = await t.createAdvisor();
    for (const [method, url] of [
      ['PUT', `/admin/expert_advisors/${existing.id}`],
      ['POST', `/admin/expert_advisors/${existing.id}/backtest`],
    ] as const) {
      expect((await t.call(support, method, url, t.input())).statusCode).toBe(403);
    }
    const c = await t.customer(0);
    expect((await t.call(c.token, 'GET', '/admin/expert_advisors')).statusCode).toBe(403);
  });

  it('moves the advisor between plans, clears a stale backtest, and stops runs of a plan taken off', async () => {
    const a = await t.createAdvisor({ name: 'Plan Mover', price: 0 });
    const c = await runningCustomer(a.id);
    // A stored backtest that no longer fits once the parameters change.
    await t.database.db
      .update(expertAdvisors)
      .set({
        backtest: {
          from: 'x',
          to: 'y',
          trades: 1,
          win_rate: 1,
          profit_factor: null,
          max_drawdown: 0,
          net_profit: 1,
          equity: [],
          ran_at: 'z',
        },
      })
      .where(eq(expertAdvisors.id, a.id));

    const moved = await t.call(
      t.staff,
      'PUT',
      `/admin/expert_advisors/${a.id}`,
      t.input({ name: 'Plan Mover', price: 0, params: { fast: 8, slow: 34 }, plan_ids: [t.gold] }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      plan_ids: [t.gold],
      params: { fast: 8, slow: 34 },
      backtest: null,
    });
    expect(await easOf(t.basic)).not.toContain(a.id);
    expect(await easOf(t.gold)).toContain(a.id);
    expect(await runStatus(c.runId)).toMatchObject({ status: 'stopped', stopReason: 'plan_excluded' });
    expect((await t.call(c.token, 'GET', '/user')).json().data.eas).not.toContain(a.id);
    expect(await auditsOf(a.id)).toEqual(['advisor.create', 'advisor.update']);
  });

  it('withdraws an advisor: gone from the marketplace, its running runs stopped', async () => {
    const a = await t.createAdvisor({ name: 'To Withdraw', price: 0 });
    const c = await runningCustomer(a.id);
    const res = await t.call(
      t.staff,
      'PUT',
      `/admin/expert_advisors/${a.id}`,
      t.input({ name: 'To Withdraw', price: 0, active: false }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.active).toBe(false);
    expect(await runStatus(c.runId)).toMatchObject({ status: 'stopped', stopReason: 'advisor_withdrawn' });
    const market = (await t.call(c.token, 'GET', '/expert_advisors')).json().data.data as { id: number }[];
    expect(market.map((m) => m.id)).not.toContain(a.id);
    // Staff still see it; the owner still holds it.
    const staffList = (await t.call(t.staff, 'GET', '/admin/expert_advisors')).json().data as AdminAdvisor[];
    expect(staffList.find((x) => x.id === a.id)?.active).toBe(false);
    expect((await t.call(c.token, 'GET', `/expert_advisors/${a.id}`)).statusCode).toBe(200);
    const missing = await t.call(t.staff, 'PUT', '/admin/expert_advisors/999999', t.input());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Expert Advisor not found');
  });

  it('lists the five strategies with their texts, defaults and fields', async () => {
    const res = await t.call(t.staff, 'GET', '/admin/strategies');
    const keys = (res.json().data as { key: string }[]).map((s) => s.key);
    expect(keys).toEqual(['ma_crossover', 'rsi_reversion', 'donchian_breakout', 'trend_trailing', 'grid']);
    const ma = res.json().data[0];
    expect(ma.fields.find((f: { name: string }) => f.name === 'fast')).toMatchObject({ type: 'int', min: 2 });
    expect(ma.risks.length).toBeGreaterThan(50);
  });
});

describe('backtests', () => {
  it('reruns on stored candles and stores the figures the marketplace shows', async () => {
    const a = await t.createAdvisor({ name: 'Backtested', params: { fast: 3, slow: 8 } });
    const res = await t.call(t.staff, 'POST', `/admin/expert_advisors/${a.id}/backtest`);
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json().data.backtest;
    expect(b).toMatchObject({
      trades: expect.any(Number),
      win_rate: expect.any(Number),
      max_drawdown: expect.any(Number),
      net_profit: expect.any(Number),
    });
    expect(b.trades).toBeGreaterThan(0);
    expect(b.equity.length).toBeGreaterThan(10);
    expect(b.equity.length).toBeLessThanOrEqual(200);
    expect(b.equity[0][1]).toBeCloseTo(10_000, -3);
    expect(Date.parse(b.to) - Date.parse(b.from)).toBeGreaterThan(86_400_000);
    expect(await auditsOf(a.id)).toEqual(['advisor.create', 'advisor.backtest']);

    const listed = (await t.app.inject({ url: '/api/v1/expert_advisors' })).json().data.data as {
      id: number;
      backtest: { trades: number; equity: unknown[] } | null;
    }[];
    // Lists carry a thinned curve for the cards' sparklines: its first and last points, at most 32.
    const spark = listed.find((x) => x.id === a.id)?.backtest;
    expect(spark).toMatchObject({ trades: b.trades });
    expect(spark?.equity.length).toBeLessThanOrEqual(32);
    expect(spark?.equity.length).toBeGreaterThan(2);
    expect(spark?.equity[0]).toEqual(b.equity[0]);
    expect(spark?.equity.at(-1)).toEqual(b.equity.at(-1));
    const detail = (await t.app.inject({ url: `/api/v1/expert_advisors/${a.id}` })).json().data;
    expect(detail.backtest.equity).toEqual(b.equity);
  });

  it('does not store a background result computed on settings edited meanwhile', async () => {
    const a = await t.createAdvisor({ name: 'Edited Meanwhile', params: { fast: 3, slow: 8 } });
    const [row] = await t.database.db.select().from(expertAdvisors).where(eq(expertAdvisors.id, a.id));
    if (!row) throw new Error('no advisor');
    const figures = {
      from: 'a',
      to: 'b',
      trades: 0,
      win_rate: 0,
      profit_factor: null,
      max_drawdown: 0,
      net_profit: 0,
      equity: [],
      ran_at: 'c',
    };
    expect(
      await storeBacktest(t.database.db, a.id, figures, { ...row, params: { ...row.params, fast: 4 } }),
    ).toBe(false);
    expect(await storeBacktest(t.database.db, a.id, figures, row)).toBe(true);
  });
});

describe('performance across clients', () => {
  it('sums closed run trades per advisor: runs, trades, win rate, P/L', async () => {
    const a = await t.createAdvisor({ name: 'Performer', price: 0 });
    const c = await runningCustomer(a.id);
    const base = {
      tradingAccountId: c.accountId,
      userId: c.userId,
      assetId: t.assetId('EURUSD'),
      side: 'buy' as const,
      status: 'closed' as const,
      lots: 0.1,
      units: 10_000,
      contractSize: 100_000,
      leverage: 100,
      origin: 'ea' as const,
      originName: 'Performer',
      advisorRunId: c.runId,
    };
    await t.database.db.insert(trades).values([
      { ...base, pnlCents: 1_500n },
      { ...base, pnlCents: -500n },
      { ...base, pnlCents: 2_000n },
      // A customer's own trade is not the advisor's.
      { ...base, origin: 'user', advisorRunId: null, originName: null, pnlCents: 99_900n },
    ]);
    const res = await t.call(t.staff, 'GET', '/admin/advisor_performance');
    expect(res.statusCode, res.body).toBe(200);
    const row = (res.json().data as { expert_advisor_id: number }[]).find(
      (r) => r.expert_advisor_id === a.id,
    );
    expect(row).toMatchObject({
      runs_running: 1,
      runs_total: 1,
      trades: 3,
      wins: 2,
      pnl_usd: 30,
      pnl_by_currency: { USD: 30 },
      demo_trades: 0,
    });
    expect((row as unknown as { win_rate: number }).win_rate).toBeCloseTo(2 / 3);
  });
});

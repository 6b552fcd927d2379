import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema.ts';
import { createTradingContext, type TradingContext } from '../../../test/trading.ts';
import type { AdvisorRunner } from './runner.ts';
import { addAdvisor, decisionsOfRun, grant, runnerOf, runRow, tradesOfRun } from './testSupport.ts';

/**
 * Starting and stopping runs (issue 16 "Running advisors"): who may start what, one run per
 * advisor, SPEC's messages, the customer's and staff's lists and logs, and every way a run stops
 * by itself (deactivation, stop-out), after which it places nothing.
 */
let t: TradingContext;
let runner: AdvisorRunner;
beforeAll(async () => {
  t = await createTradingContext();
  runner = runnerOf(t.app);
});
afterAll(() => t.close());

const LIMITS = { maxLots: 1, maxOpenPositions: 5, equityStopPct: 0, closeOnEquityStop: false, hours: null };
/** Buys 0.01 BTC at every 0.5 % below the price it starts at. */
const GRID = {
  timeframeSec: 5,
  stepUnit: 'percent',
  step: 0.5,
  maxLevels: 5,
  lots: 0.01,
  maxTotalLots: 0.05,
  hardStop: 4,
};

async function settle(): Promise<void> {
  await t.settle();
  await runner.idle();
}

async function walk(prices: number[]): Promise<void> {
  for (const p of prices) {
    t.clock.advance(1_000);
    t.tick('BTCUSD', p);
    await settle();
  }
}
/** From 100,000 down through the first two grid levels (99,500 and 99,000). */
const DOWN = [100_000, 99_800, 99_600, 99_400, 99_200, 99_000, 98_900];

async function gridAdvisor(name?: string): Promise<number> {
  return addAdvisor(t.database.db, {
    strategy: 'grid',
    params: GRID,
    assetId: t.assetId('BTCUSD'),
    limits: LIMITS,
    name,
  });
}

describe('starting an Expert Advisor', () => {
  it('needs the advisor to exist, be owned, and be in the plan (SPEC message)', async () => {
    t.tick('BTCUSD', 100_000);
    const c = await t.customer();
    const id = await gridAdvisor();
    const missing = await t.call(c.token, 'POST', '/expert_advisors/999999/start', {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Expert Advisor not found');
    const notOwned = await t.call(c.token, 'POST', `/expert_advisors/${id}/start`, {});
    expect(notOwned.statusCode).toBe(403);
    // Owned, but the plan does not include it.
    await grant(t.database.db, c.userId, []);
    await t.database.db.execute(
      `insert into advisor_purchases (user_id, advisor_id, amount_cents, currency, price_cents) values (${c.userId}, ${id}, 0, 'USD', 0)`,
    );
    const excluded = await t.call(c.token, 'POST', `/expert_advisors/${id}/start`, {});
    expect(excluded.statusCode).toBe(403);
    expect(excluded.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'This Expert Advisor is not available for your plan. Please upgrade to access it.',
    });
    // Staff cannot run a customer's advisor for themselves.
    const staff = await t.call(t.staff, 'POST', `/expert_advisors/${id}/start`, {});
    expect(staff.statusCode).toBe(403);
  });

  it('starts once (a second start answers the same run), trades, lists and stops with SPEC messages', async () => {
    t.tick('BTCUSD', 100_000);
    const c = await t.customer();
    const id = await gridAdvisor('Ladder One');
    await grant(t.database.db, c.userId, [id]);
    const first = await t.call(c.token, 'POST', `/expert_advisors/${id}/start`, {});
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Expert Advisor started',
      data: { kind: 'ea', expert_advisor_id: id, name: 'Ladder One', status: 'running', currency: 'USD' },
    });
    const again = await t.call(c.token, 'POST', `/expert_advisors/${id}/start`, {});
    expect(again.json().data.id).toBe(first.json().data.id);
    const runId: number = first.json().data.id;
    await settle();
    expect(runner.stats().runs).toBeGreaterThanOrEqual(1);

    await walk(DOWN);
    const rows = await tradesOfRun(t.database.db, runId);
    expect(rows.map((r) => [r.side, r.lots, r.status, r.origin, r.originName])).toEqual([
      ['buy', 0.01, 'open', 'ea', 'Ladder One'],
      ['buy', 0.01, 'open', 'ea', 'Ladder One'],
    ]);
    // History shows the origin; the customer was told of each order.
    const open = (await t.call(c.token, 'GET', '/open/trades')).json().data as {
      origin: string;
      origin_name: string;
    }[];
    expect(open.map((o) => [o.origin, o.origin_name])).toEqual([
      ['ea', 'Ladder One'],
      ['ea', 'Ladder One'],
    ]);
    const notes = (await t.call(c.token, 'GET', '/notifications')).json().data as { message: string }[];
    expect(
      notes.filter((n) => n.message.startsWith('Ladder One opened a buy of 0.01 lots BTC/USD')),
    ).toHaveLength(2);

    const list = (await t.call(c.token, 'GET', '/advisor_runs')).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: runId, status: 'running', open_positions: 2 });
    expect(list[0].pnl_today).toBeLessThan(0);

    const log = (await t.call(c.token, 'GET', `/advisor_runs/${runId}/decisions`)).json().data as {
      kind: string;
      trade_id: number | null;
    }[];
    expect(log.filter((d) => d.kind === 'order').map((d) => d.trade_id)).toEqual(
      rows.map((r) => r.id).reverse(),
    );
    expect(log.at(-1)?.kind).toBe('started');
    const other = await t.customer(0);
    expect((await t.call(other.token, 'GET', `/advisor_runs/${runId}/decisions`)).statusCode).toBe(404);

    const stopped = await t.call(c.token, 'POST', `/expert_advisors/${id}/stop`, {});
    expect(stopped.json()).toMatchObject({
      message: 'Expert Advisor stopped',
      data: { id: runId, status: 'stopped', stop_reason: 'user', open_positions: 2 },
    });
    // Stopping a stopped advisor answers as it is.
    const twice = await t.call(c.token, 'POST', `/expert_advisors/${id}/stop`, {});
    expect(twice.statusCode).toBe(200);
    expect(twice.json().data.stopped_at).toBe(stopped.json().data.stopped_at);
    await settle();
    // A stopped run places nothing: the price goes on through more levels.
    await walk([98_400, 97_900, 97_400]);
    expect(await tradesOfRun(t.database.db, runId)).toHaveLength(2);
    // Its positions stay the customer's, who may close them.
    for (const r of rows)
      expect((await t.call(c.token, 'POST', `/trade/${r.id}/close`)).statusCode).toBe(200);
  });
});

describe('a run stops by itself', () => {
  it('when staff deactivate the customer (account_inactive), and tells them', async () => {
    t.tick('BTCUSD', 100_000);
    const c = await t.customer();
    const id = await gridAdvisor();
    await grant(t.database.db, c.userId, [id]);
    const runId: number = (await t.call(c.token, 'POST', `/expert_advisors/${id}/start`, {})).json().data.id;
    await settle();
    const res = await t.call(t.staff, 'PATCH', `/admin/users/${c.userId}`, { status: 'deactivated' });
    expect(res.statusCode, res.body).toBe(200);
    await settle();
    const run = await runRow(t.database.db, runId);
    expect(run).toMatchObject({ status: 'stopped', stopReason: 'account_inactive' });
    const log = await decisionsOfRun(t.database.db, runId);
    expect(log.at(-1)).toMatchObject({ kind: 'stopped', code: 'account_inactive' });
    await walk(DOWN);
    expect(await tradesOfRun(t.database.db, runId)).toEqual([]);
  });

  it('when the risk engine stops out the account (stop_out)', async () => {
    t.tick('BTCUSD', 100_000);
    const c = await t.customer(1_000);
    const id = await gridAdvisor();
    await grant(t.database.db, c.userId, [id]);
    // The customer's own position: 0.8 BTC holds 800 USD of margin at 1:100.
    const own = await t.order(c.token, { type: 'buy', id: t.assetId('BTCUSD'), lots: 0.8 });
    expect(own.statusCode, own.body).toBe(200);
    const runId: number = (await t.call(c.token, 'POST', `/expert_advisors/${id}/start`, {})).json().data.id;
    await settle();
    // Down 0.3 %: about 240 USD lost, margin level near 95 %; then 0.6 %: stop-out.
    await walk([100_000, 99_700, 99_400, 99_200]);
    const run = await runRow(t.database.db, runId);
    expect(run).toMatchObject({ status: 'stopped', stopReason: 'stop_out' });
    const notes = (await t.call(c.token, 'GET', '/notifications')).json().data as {
      title: string;
      message: string;
    }[];
    expect(notes.some((n) => n.message.includes('stopped: your account reached its stop-out level'))).toBe(
      true,
    );
  });
});

describe('staff', () => {
  it('list every run, read its log, and stop one with a reason (audited; support may read, not stop)', async () => {
    t.tick('BTCUSD', 100_000);
    const c = await t.customer();
    const id = await gridAdvisor();
    await grant(t.database.db, c.userId, [id]);
    const runId: number = (await t.call(c.token, 'POST', `/expert_advisors/${id}/start`, {})).json().data.id;
    await settle();
    const page = await t.call(t.staff, 'GET', '/admin/advisor_runs?status=running&per_page=200');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.find((r: { id: number }) => r.id === runId)).toMatchObject({ status: 'running' });
    expect((await t.call(c.token, 'GET', '/admin/advisor_runs')).statusCode).toBe(403);

    const support = (await t.signIn('staff', undefined, ['support'])).token;
    expect((await t.call(support, 'GET', `/admin/advisor_runs/${runId}/decisions`)).statusCode).toBe(200);
    const refused = await t.call(support, 'POST', `/admin/advisor_runs/${runId}/stop`, {
      reason: 'Not allowed',
    });
    expect(refused.statusCode).toBe(403);

    const short = await t.call(t.staff, 'POST', `/admin/advisor_runs/${runId}/stop`, { reason: 'x' });
    expect(short.statusCode).toBe(422);
    const res = await t.call(t.staff, 'POST', `/admin/advisor_runs/${runId}/stop`, {
      reason: 'Unusual losses',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'stopped',
      stop_reason: 'staff',
      stop_note: 'Unusual losses',
    });
    const again = await t.call(t.staff, 'POST', `/admin/advisor_runs/${runId}/stop`, {
      reason: 'Unusual losses',
    });
    expect(again.statusCode).toBe(409);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'advisor_run.stop'), eq(auditLog.objectId, String(runId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.reason).toBe('Unusual losses');
    const notes = (await t.call(c.token, 'GET', '/notifications')).json().data as { message: string }[];
    expect(notes.some((n) => /stopped: stopped by our staff \(Unusual losses\)\.$/.test(n.message))).toBe(
      true,
    );
  });
});

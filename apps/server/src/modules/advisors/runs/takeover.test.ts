import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { orderRequests } from '../../../db/schema.ts';
import { advisorRuns } from '../../../db/schemaBots.ts';
import { openAnotherConnection, TEST_ENGINE } from '../../../test/testDatabase.ts';
import { type Customer, createTradingContext, type TradingContext } from '../../../test/trading.ts';
import type { AdvisorRunner } from './runner.ts';
import { addAdvisor, decisionsOfRun, grant, runnerOf, runRow, tradesOfRun } from './testSupport.ts';

/**
 * Issue 16 "Done when": runs persist across failover. Two nodes on one database and one bus; the
 * first holds `bots` (and `risk`) and runs two grids, one with an open position; it dies, and its
 * last state save is lost. The second takes over: every running run is resumed once, the open
 * position is known (the grid does not buy its level again), and no order is placed twice.
 */
let t: TradingContext;
let b: FastifyInstance;
let second: Database;
beforeAll(async () => {
  t = await createTradingContext();
  second = TEST_ENGINE === 'postgres' ? await openAnotherConnection(t.database) : t.database;
  const config = loadConfig({ WEB_DIST_DIR: '/nonexistent', RATE_LIMITS: 'off' });
  // The standby: same database and bus, its singleton roles not taken yet.
  b = await buildApp({ config, database: second, clock: t.clock, bus: t.app.bus, roles: { start: false } });
  await b.ready();
});
afterAll(async () => {
  await b.close();
  if (second !== t.database) await second.close();
  await t.close();
});

const LIMITS = { maxLots: 1, maxOpenPositions: 5, equityStopPct: 0, closeOnEquityStop: false, hours: null };
const GRID = {
  timeframeSec: 5,
  stepUnit: 'percent',
  step: 0.5,
  maxLevels: 5,
  lots: 0.01,
  maxTotalLots: 0.05,
  hardStop: 4,
};

async function walk(prices: number[], runner: AdvisorRunner, settle: () => Promise<void>): Promise<void> {
  for (const p of prices) {
    t.clock.advance(1_000);
    t.tick('BTCUSD', p);
    await settle();
    await runner.idle();
  }
}

async function startGrid(c: Customer): Promise<number> {
  const id = await addAdvisor(t.database.db, {
    strategy: 'grid',
    params: GRID,
    assetId: t.assetId('BTCUSD'),
    limits: LIMITS,
  });
  await grant(t.database.db, c.userId, [id]);
  const res = await t.call(c.token, 'POST', `/expert_advisors/${id}/start`, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

describe('a takeover of the bots role', () => {
  it('resumes every running run once, knows its open positions, and never repeats an order', async () => {
    const a = runnerOf(t.app);
    t.tick('BTCUSD', 100_000);
    const holder = await t.customer();
    const idle = await t.customer();
    const runId = await startGrid(holder);
    const quietId = await startGrid(idle);
    await a.idle();
    await walk([100_000, 99_800], a, () => t.settle());
    await a.saveAll();
    const before = (await runRow(t.database.db, runId)).state;

    // Through level 1 (99,500): one buy.
    await walk([99_600, 99_400], a, () => t.settle());
    const opened = await tradesOfRun(t.database.db, runId);
    expect(opened.map((r) => [r.side, r.status])).toEqual([['buy', 'open']]);

    // Node A dies; the save of its last state is lost with it.
    await t.app.roles.close();
    expect(a.stats().runs).toBe(0);
    await t.database.db.update(advisorRuns).set({ state: before }).where(eq(advisorRuns.id, runId));

    await b.roles.start();
    const runnerB = runnerOf(b);
    await runnerB.idle();
    expect(runnerB.stats().runs).toBe(2);
    for (const id of [runId, quietId]) {
      const resumed = (await decisionsOfRun(t.database.db, id)).filter((d) =>
        d.message.startsWith('Resumed'),
      );
      expect(resumed).toHaveLength(1);
    }
    expect((await decisionsOfRun(t.database.db, runId)).at(-1)?.message).toBe(
      'Resumed on this node with 1 open position(s)',
    );

    // Back up and down through level 1: it is taken, nothing is bought there again.
    const settleB = () => b.risk?.idle() ?? Promise.resolve();
    await walk([99_600, 99_700, 99_600, 99_450], runnerB, settleB);
    expect(await tradesOfRun(t.database.db, runId)).toHaveLength(1);
    // On to level 2 (99,000): one new buy, under an order number never used before.
    await walk([99_200, 98_950], runnerB, settleB);
    const after = await tradesOfRun(t.database.db, runId);
    expect(after.map((r) => [r.side, r.status])).toEqual([
      ['buy', 'open'],
      ['buy', 'open'],
    ]);
    const ids = await t.database.db
      .select({ id: orderRequests.clientOrderId, tradeId: orderRequests.tradeId })
      .from(orderRequests)
      .where(
        and(eq(orderRequests.tradingAccountId, holder.accountId), like(orderRequests.clientOrderId, 'run-%')),
      );
    expect(ids.map((r) => r.id).sort()).toEqual([`run-${runId}-0`, `run-${runId}-1`]);
    expect(new Set(ids.map((r) => r.tradeId))).toEqual(new Set(after.map((r) => r.id)));
    // The quiet run also bought its levels once each, on node B only.
    expect((await tradesOfRun(t.database.db, quietId)).length).toBe(2);
  });

  it('answers a repeated order number from the first order, never a second trade', async () => {
    t.tick('BTCUSD', 100_000);
    const c = await t.customer();
    const runId = await startGrid(c);
    const run = await runRow(t.database.db, runId);
    const order = {
      run: { id: runId, kind: 'ea' as const, name: run.name, userId: c.userId, accountId: c.accountId },
      assetId: t.assetId('BTCUSD'),
      side: 'buy' as const,
      lots: 0.01,
      stopLoss: null,
      takeProfit: null,
      clientOrderId: `run-${runId}-900`,
    };
    const first = await b.trading.placeForRun(order);
    expect(first.repeated).toBe(false);
    const same = await b.trading.placeForRun(order);
    expect(same).toMatchObject({ repeated: 'same', trade: { id: first.trade.id } });
    const other = await b.trading.placeForRun({ ...order, side: 'sell' });
    expect(other).toMatchObject({ repeated: 'different', trade: { id: first.trade.id } });
    expect((await tradesOfRun(t.database.db, runId)).map((r) => r.id)).toEqual([first.trade.id]);
    await t.call(c.token, 'POST', `/trade/${first.trade.id}/close`);
  });
});

import type { RiskLimits } from '@openbroker/domain';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, createTradingContext, type TradingContext } from '../../../test/trading.ts';
import { createEquityStop } from './equityStop.ts';
import type { AdvisorRunner } from './runner.ts';
import type { AdvisorRuns } from './service.ts';
import {
  addAdvisor,
  decisionsOfRun,
  grant,
  runnerOf,
  runRow,
  runsBeside,
  tradesOfRun,
} from './testSupport.ts';

/**
 * Issue 16 "Risk limits": a run never exceeds its lots or positions (skips are logged with their
 * code), AutoTrader's level caps open trades, trading hours hold, and the equity stop stops the run
 * and closes its positions.
 */
let t: TradingContext;
let runner: AdvisorRunner;
let runs: AdvisorRuns;
beforeAll(async () => {
  t = await createTradingContext();
  runner = runnerOf(t.app);
  runs = runsBeside(t.app, t.database.db, t.clock);
});
afterAll(() => t.close());

const OPEN: RiskLimits = {
  maxLots: 1,
  maxOpenPositions: 10,
  equityStopPct: 0,
  closeOnEquityStop: false,
  hours: null,
};
/** Buys every 0.5 % below the anchor, up to five levels, a hard stop 4 % away. */
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

/** A fresh customer running a grid on BTC/USD, anchored at 100,000. */
async function gridRun(
  limits: Partial<RiskLimits>,
  params: Record<string, unknown> = GRID,
  deposit = 100_000,
): Promise<{ c: Customer; advisorId: number; runId: number }> {
  t.tick('BTCUSD', 100_000);
  const c = await t.customer(deposit);
  const advisorId = await addAdvisor(t.database.db, {
    strategy: 'grid',
    params,
    assetId: t.assetId('BTCUSD'),
    limits: { ...OPEN, ...limits },
  });
  await grant(t.database.db, c.userId, [advisorId]);
  const res = await t.call(c.token, 'POST', `/expert_advisors/${advisorId}/start`, {});
  expect(res.statusCode, res.body).toBe(200);
  await settle();
  // The grid anchors on the first price it sees.
  t.clock.advance(1_000);
  t.tick('BTCUSD', 100_000);
  await settle();
  return { c, advisorId, runId: res.json().data.id };
}

/** Walks BTC/USD down from 100,000 through every grid level, checking `each` after every tick. */
async function fallThroughLevels(each?: () => Promise<void>): Promise<void> {
  for (let price = 99_900; price >= 97_300; price -= 100) {
    t.clock.advance(1_000);
    t.tick('BTCUSD', price);
    await settle();
    await each?.();
  }
}

const openCount = async (runId: number) =>
  (await tradesOfRun(t.database.db, runId)).filter((r) => r.status === 'open').length;

describe('limits of a run', () => {
  it('never holds more than maxOpenPositions; the rest are logged as skipped with max_positions', async () => {
    const { c, advisorId, runId } = await gridRun({ maxOpenPositions: 2 });
    let most = 0;
    await fallThroughLevels(async () => {
      most = Math.max(most, await openCount(runId));
    });
    expect(most).toBe(2);
    const skipped = (await decisionsOfRun(t.database.db, runId)).filter((d) => d.kind === 'skipped');
    expect(skipped.map((d) => d.code)).toEqual(['max_positions', 'max_positions', 'max_positions']);
    expect(skipped[0]?.message).toBe("Not executed: 2 positions are open, this advisor's limit is 2");
    await t.call(c.token, 'POST', `/expert_advisors/${advisorId}/stop`, {});
  });

  it('never sends an order above maxLots', async () => {
    const { c, advisorId, runId } = await gridRun(
      { maxLots: 0.01 },
      { ...GRID, lots: 0.02, maxTotalLots: 0.1 },
    );
    await fallThroughLevels();
    expect(await tradesOfRun(t.database.db, runId)).toEqual([]);
    const skipped = (await decisionsOfRun(t.database.db, runId)).filter((d) => d.kind === 'skipped');
    expect(skipped.length).toBe(5);
    expect(new Set(skipped.map((d) => d.code))).toEqual(new Set(['max_lots']));
    expect(skipped[0]?.message).toBe("Not executed: 0.02 lots is above this advisor's limit of 0.01");
    await t.call(c.token, 'POST', `/expert_advisors/${advisorId}/stop`, {});
  });

  it('trades only inside its hours (UTC): outside them a signal is skipped with outside_hours', async () => {
    // The test clock reads 15:00 UTC; the run may trade from 01:00 to 02:00 only.
    const { c, advisorId, runId } = await gridRun({ hours: { fromMinute: 60, toMinute: 120 } });
    await fallThroughLevels();
    expect(await tradesOfRun(t.database.db, runId)).toEqual([]);
    const skipped = (await decisionsOfRun(t.database.db, runId)).filter((d) => d.kind === 'skipped');
    expect(skipped).toHaveLength(5);
    expect(skipped.every((d) => d.code === 'outside_hours')).toBe(true);
    expect(skipped[0]?.message).toBe('Not executed: outside the allowed trading hours (01:00–02:00 UTC)');
    await t.call(c.token, 'POST', `/expert_advisors/${advisorId}/stop`, {});
  });

  it('stops on the equity stop, closes its positions, and tells the customer', async () => {
    // 1,000 USD; each grid buy of 0.01 BTC loses 1 USD per 100 USD the price falls: a 2 % stop.
    const { c, runId } = await gridRun({ equityStopPct: 2, closeOnEquityStop: true }, GRID, 1_000);
    const equityStop = createEquityStop({
      db: t.database.db,
      market: t.app.market,
      trading: t.app.trading,
      runner,
      log: pino({ level: 'silent' }),
    });
    let stoppedAtPrice: number | null = null;
    for (let price = 99_900; price >= 97_300 && stoppedAtPrice === null; price -= 100) {
      t.clock.advance(1_000);
      t.tick('BTCUSD', price);
      await settle();
      await equityStop.check();
      await settle();
      if ((await runRow(t.database.db, runId)).status === 'stopped') stoppedAtPrice = price;
    }
    expect(stoppedAtPrice).not.toBeNull();
    const run = await runRow(t.database.db, runId);
    expect(run.stopReason).toBe('equity_stop');
    expect(run.stopNote).toMatch(/below 1000\.00 at the start \(limit 2%\)$/);
    const rows = await tradesOfRun(t.database.db, runId);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === 'closed')).toBe(true);
    expect(rows.filter((r) => r.closeReason === 'advisor').length).toBeGreaterThan(0);
    const runs = (await t.call(c.token, 'GET', '/advisor_runs')).json().data;
    expect(runs[0]).toMatchObject({
      id: runId,
      status: 'stopped',
      stop_reason: 'equity_stop',
      open_positions: 0,
    });
    const notes = (await t.call(c.token, 'GET', '/notifications')).json().data as { message: string }[];
    expect(notes.some((n) => /^Expert Advisor .+ stopped: its equity stop was reached/.test(n.message))).toBe(
      true,
    );
    // Stopped: the next levels place nothing.
    const before = rows.length;
    await fallThroughLevels();
    expect(await tradesOfRun(t.database.db, runId)).toHaveLength(before);
  });
});

describe('AutoTrader', () => {
  it('at medium never holds more than 4 positions across its strategies; the rest are autotrader_cap', async () => {
    t.tick('BTCUSD', 100_000);
    const c = await t.customer(100_000);
    for (let i = 0; i < 2; i++) {
      await addAdvisor(t.database.db, {
        strategy: 'grid',
        params: GRID,
        assetId: t.assetId('BTCUSD'),
        limits: OPEN,
        autotrader: true,
      });
    }
    const { runId } = await t.database.db.transaction((tx) => runs.startAutoTraderIn(tx, c.userId, 'medium'));
    runs.started(runId);
    await settle();
    const me = (await t.call(c.token, 'GET', '/user')).json().data;
    expect(me.autotrader).toBe(true);
    t.clock.advance(1_000);
    t.tick('BTCUSD', 100_000);
    await settle();
    let most = 0;
    await fallThroughLevels(async () => {
      most = Math.max(most, await openCount(runId));
    });
    expect(most).toBe(4);
    const rows = await tradesOfRun(t.database.db, runId);
    expect(rows.every((r) => r.origin === 'autotrader' && r.originName === 'AutoTrader (medium)')).toBe(true);
    const skipped = (await decisionsOfRun(t.database.db, runId)).filter((d) => d.kind === 'skipped');
    expect(skipped.length).toBe(6);
    expect(skipped.every((d) => d.code === 'autotrader_cap')).toBe(true);

    const stop = await t.call(c.token, 'POST', '/autotrader/stop');
    expect(stop.json()).toEqual({ message: 'AutoTrader stopped' });
    expect((await runRow(t.database.db, runId)).status).toBe('stopped');
    expect((await t.call(c.token, 'GET', '/user')).json().data.autotrader).toBe(false);
  });
});

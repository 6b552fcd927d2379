import { backtest, type EngineTick, quote, type RiskLimits } from '@openbroker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTradingContext, type TradingContext } from '../../../test/trading.ts';
import type { AdvisorRunner } from './runner.ts';
import { addAdvisor, decisionsOfRun, grant, runnerOf, tradesOfRun } from './testSupport.ts';

/**
 * Issue 16 "Done when": a strategy's backtest and its live run on the same replayed ticks make the
 * same trades. The live run gets the ticks one by one through the bus (as the feed publishes them)
 * and trades through the one trading service, with the risk engine running beside it.
 */
let t: TradingContext;
let runner: AdvisorRunner;
beforeAll(async () => {
  t = await createTradingContext();
  runner = runnerOf(t.app);
});
afterAll(() => t.close());

const LIMITS: RiskLimits = {
  maxLots: 1,
  maxOpenPositions: 5,
  equityStopPct: 0,
  closeOnEquityStop: false,
  hours: null,
};

/** A wave around 100,000 with a slower drift and a little deterministic noise: crosses, stops and takes. */
function path(n: number): number[] {
  return Array.from({ length: n }, (_, i) => {
    const wave = Math.sin(i / 9) * 1_500 + Math.sin(i / 31) * 2_500;
    const noise = ((i * 7919) % 13) * 15 - 90;
    return Math.round((100_000 + wave + noise) * 100) / 100;
  });
}

async function replay(symbol: string, prices: number[], stepMs: number): Promise<EngineTick[]> {
  const instrument = t.app.market.instrument(t.assetId(symbol));
  if (!instrument) throw new Error('no instrument');
  const ticks: EngineTick[] = [];
  for (const price of prices) {
    t.clock.advance(stepMs);
    t.tick(symbol, price);
    const q = quote(price, instrument.buySpread, instrument.sellSpread);
    ticks.push({ time: t.clock.now().getTime(), mid: price, bid: q.bid, ask: q.ask });
    await t.settle();
    await runner.idle();
  }
  return ticks;
}

describe('a live run and its backtest on the same ticks', () => {
  it.each([
    [
      'ma_crossover',
      {
        timeframeSec: 5,
        fast: 2,
        slow: 5,
        maType: 'sma',
        lots: 0.02,
        exitUnit: 'percent',
        stopLoss: 1.2,
        takeProfit: 2,
      },
    ],
    [
      'trend_trailing',
      { timeframeSec: 5, trendPeriod: 6, maType: 'sma', trailMode: 'percent', trailPercent: 0.8, lots: 0.03 },
    ],
    [
      'grid',
      {
        timeframeSec: 5,
        stepUnit: 'percent',
        step: 0.6,
        maxLevels: 3,
        lots: 0.01,
        maxTotalLots: 0.03,
        hardStop: 3,
      },
    ],
  ])('%s makes the same trades: side, lots, open and close prices', async (strategy, params) => {
    t.tick('BTCUSD', 100_000);
    const c = await t.customer(1_000_000);
    const btc = t.assetId('BTCUSD');
    const advisorId = await addAdvisor(t.database.db, { strategy, params, assetId: btc, limits: LIMITS });
    await grant(t.database.db, c.userId, [advisorId]);
    const started = await t.call(c.token, 'POST', `/expert_advisors/${advisorId}/start`, {});
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ message: 'Expert Advisor started', data: { status: 'running' } });
    const runId: number = started.json().data.id;
    await runner.idle();

    const ticks = await replay('BTCUSD', path(400), 1_000);

    const report = backtest({
      strategyKey: strategy,
      params,
      limits: LIMITS,
      ticks,
      instrument: { contractSize: 1, leverage: 100, quoteCurrency: 'USD' },
      accountCurrency: 'USD',
      startingBalanceCents: 100_000_000,
    });
    const rows = await tradesOfRun(t.database.db, runId);
    const live = rows
      .filter((r) => r.status === 'closed')
      .map((r) => [r.side, r.lots, r.openingPrice, r.closingPrice])
      .sort(byOpen);
    const simulated = report.tradeList
      .filter((x) => x.reason !== 'End of backtest')
      .map((x) => [x.side, x.lots, x.openPrice, x.closePrice])
      .sort(byOpen);
    expect(simulated.length).toBeGreaterThan(2);
    expect(live).toEqual(simulated);
    // What the backtest closed only because it ended is what the live run still holds.
    const stillOpen = rows.filter((r) => r.status === 'open').map((r) => [r.side, r.lots, r.openingPrice]);
    const endedOpen = report.tradeList
      .filter((x) => x.reason === 'End of backtest')
      .map((x) => [x.side, x.lots, x.openPrice]);
    expect(stillOpen).toEqual(endedOpen);
    // Every order carries the run's origin and name, and the log names each one.
    expect(rows.every((r) => r.origin === 'ea' && r.originName !== null)).toBe(true);
    const opened = (await decisionsOfRun(t.database.db, runId)).filter(
      (d) => d.kind === 'order' && d.message.startsWith('Opened'),
    );
    expect(opened.map((d) => d.tradeId)).toEqual(rows.map((r) => r.id));

    await t.call(c.token, 'POST', `/expert_advisors/${advisorId}/stop`, {});
  });
});

function byOpen(a: unknown[], b: unknown[]): number {
  return Number(a[2]) - Number(b[2]) || String(a[0]).localeCompare(String(b[0]));
}

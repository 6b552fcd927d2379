import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EngineTick, Intent } from './contract.ts';
import { resampleBars, StrategyConfigError, StrategyEngine } from './engine.ts';
import { STRATEGY_KEYS } from './strategies/index.ts';

const tick = (time: number, mid: number, half = 0.001): EngineTick => ({
  time,
  mid,
  bid: mid - half,
  ask: mid + half,
});

/** A perfect executor: every intent is carried out at once and confirmed. */
function drive(
  engine: StrategyEngine,
  ticks: readonly EngineTick[],
  firstId = 1,
): { log: Intent[]; nextId: number } {
  const log: Intent[] = [];
  let id = firstId;
  for (const t of ticks) {
    for (const intent of engine.onTick(t)) {
      log.push(intent);
      if (intent.type === 'open') {
        engine.confirmOpen({
          id: id++,
          side: intent.side,
          lots: intent.lots,
          openPrice: intent.side === 'buy' ? t.ask : t.bid,
          openTime: t.time,
          stopLoss: intent.stopLoss ?? null,
          takeProfit: intent.takeProfit ?? null,
        });
      } else if (intent.type === 'close') engine.confirmClose(intent.positionId);
      else engine.confirmModify(intent.positionId, intent.stopLoss);
    }
  }
  return { log, nextId: id };
}

describe('bars', () => {
  it('closes a bar when a tick falls in a later bucket of the timeframe', () => {
    const engine = new StrategyEngine('ma_crossover', { timeframeSec: 2, fast: 2, slow: 3 });
    for (const [t, m] of [
      [0, 1.1],
      [500, 1.3],
      [1500, 1.0],
      [1999, 1.2],
    ] as const)
      engine.onTick(tick(t, m));
    expect(engine.bars).toEqual([]);
    expect(engine.forming).toEqual({ time: 0, open: 1.1, high: 1.3, low: 1.0, close: 1.2 });
    engine.onTick(tick(4100, 1.25));
    expect(engine.bars).toEqual([{ time: 0, open: 1.1, high: 1.3, low: 1.0, close: 1.2 }]);
    expect(engine.forming).toEqual({ time: 4000, open: 1.25, high: 1.25, low: 1.25, close: 1.25 });
  });
  it('keeps at most lookback bars and ignores broken ticks', () => {
    const engine = new StrategyEngine('ma_crossover', { timeframeSec: 1, fast: 2, slow: 3 });
    for (let i = 0; i < 10; i++) engine.onTick(tick(i * 1000, 1 + i / 100));
    expect(engine.bars.map((b) => b.time)).toEqual([5000, 6000, 7000, 8000]);
    expect(engine.onTick({ time: 11_000, mid: Number.NaN, bid: 1, ask: 1 })).toEqual([]);
    expect(engine.bars).toHaveLength(4);
  });
  it('is warmed with stored bars and carries on a bar still forming', () => {
    const engine = new StrategyEngine('ma_crossover', { timeframeSec: 60, fast: 2, slow: 3 });
    const bar = (time: number, close: number) => ({ time, open: close, high: close, low: close, close });
    engine.warm([bar(120_000, 5), bar(0, 5), bar(60_000, 5), bar(180_000, 4)]);
    expect(engine.bars.map((b) => b.time)).toEqual([0, 60_000, 120_000, 180_000]);
    // A tick in the last warmed bar's minute continues it; the next minute closes it: golden cross.
    expect(engine.onTick(tick(200_000, 7))).toEqual([]);
    expect(engine.forming).toEqual({ time: 180_000, open: 4, high: 7, low: 4, close: 7 });
    expect(engine.onTick(tick(240_000, 7))).toMatchObject([{ type: 'open', side: 'buy' }]);
  });
  it('resamples stored candles into the strategy timeframe', () => {
    const c = (time: number, o: number, h: number, l: number, cl: number) => ({
      time,
      open: o,
      high: h,
      low: l,
      close: cl,
    });
    expect(
      resampleBars([c(60_000, 2, 4, 1, 3), c(0, 1, 2, 0.5, 2), c(120_000, 3, 3, 3, 3)], 120_000),
    ).toEqual([c(0, 1, 4, 0.5, 3), c(120_000, 3, 3, 3, 3)]);
  });
});

describe('exits by stop-loss and take-profit', () => {
  const engine = () => new StrategyEngine('ma_crossover', { timeframeSec: 60, fast: 2, slow: 3 });
  const base = { lots: 0.1, openPrice: 1.1, openTime: 0 };
  it('closes a buy when the bid reaches its stop-loss, once, before asking the strategy', () => {
    const e = engine();
    e.confirmOpen({ id: 1, side: 'buy', ...base, stopLoss: 1.09, takeProfit: 1.12 });
    expect(e.onTick({ time: 1, mid: 1.0905, bid: 1.0901, ask: 1.0909 })).toEqual([]);
    const out = e.onTick({ time: 2, mid: 1.0902, bid: 1.09, ask: 1.0904 });
    expect(out).toEqual([
      { type: 'close', positionId: 1, reason: 'Stop loss 1.09000 reached (bid 1.09000)' },
    ]);
    expect(e.onTick({ time: 3, mid: 1.08, bid: 1.079, ask: 1.081 })).toEqual([]);
    e.releaseClose(1);
    expect(e.onTick({ time: 4, mid: 1.08, bid: 1.079, ask: 1.081 })).toHaveLength(1);
    e.confirmClose(1);
    expect(e.positions).toEqual([]);
  });
  it('watches a sell at the ask: stop above, take below', () => {
    const e = engine();
    e.confirmOpen({ id: 1, side: 'sell', ...base, stopLoss: 1.12, takeProfit: 1.08 });
    e.confirmOpen({ id: 2, side: 'buy', ...base, stopLoss: null, takeProfit: 1.1 });
    expect(e.onTick({ time: 1, mid: 1.1, bid: 1.1, ask: 1.1 })).toEqual([
      { type: 'close', positionId: 2, reason: 'Take profit 1.10000 reached (bid 1.10000)' },
    ]);
    expect(e.onTick({ time: 2, mid: 1.079, bid: 1.078, ask: 1.08 })).toEqual([
      { type: 'close', positionId: 1, reason: 'Take profit 1.08000 reached (ask 1.08000)' },
    ]);
  });
  it('applies confirmed modifications and reconciles with stored trades', () => {
    const e = engine();
    e.confirmOpen({ id: 1, side: 'buy', ...base, stopLoss: null, takeProfit: null });
    e.confirmModify(1, 1.095);
    expect(e.onTick({ time: 1, mid: 1.0951, bid: 1.095, ask: 1.0952 })).toMatchObject([
      { type: 'close', positionId: 1 },
    ]);
    e.reconcile([{ id: 9, side: 'sell', ...base, stopLoss: null, takeProfit: null }]);
    expect(e.positions.map((p) => p.id)).toEqual([9]);
    expect(e.snapshot().closing).toEqual([]);
  });
});

describe('configuration and snapshots', () => {
  it('refuses an unknown strategy, bad parameters and a foreign snapshot', () => {
    expect(() => new StrategyEngine('nope', {})).toThrow(StrategyConfigError);
    expect(StrategyEngine.create('ma_crossover', { fast: 0 })).toMatchObject({
      ok: false,
      errors: { fast: expect.any(Array) },
    });
    const snap = new StrategyEngine('grid', {}).snapshot();
    expect(StrategyEngine.create('ma_crossover', {}, snap)).toMatchObject({
      ok: false,
      errors: { snapshot: expect.any(Array) },
    });
    expect(StrategyEngine.create('ma_crossover', {}, { version: 2 })).toMatchObject({ ok: false });
  });
  it('round-trips through JSON', () => {
    const e = new StrategyEngine('grid', {
      stepUnit: 'price',
      step: 0.01,
      hardStop: 0.1,
      maxLevels: 5,
      lots: 0.01,
    });
    drive(e, [tick(0, 1.1), tick(1000, 1.089), tick(2000, 1.08)]);
    const snap = JSON.parse(JSON.stringify(e.snapshot()));
    const again = new StrategyEngine('grid', e.strategy.params, snap);
    expect(again.snapshot()).toEqual(e.snapshot());
    expect(snap.state.anchor).toBe(1.1);
    expect(snap.positions.length).toBeGreaterThan(0);
  });
});

/** A random walk of mids around 1.1, one tick every 400 ms. */
const walk = fc.array(fc.integer({ min: -12, max: 12 }), { minLength: 50, maxLength: 400 }).map((steps) => {
  let mid = 1.1;
  return steps.map((s, i) => {
    mid = Math.max(0.5, mid + s / 10_000);
    return tick(i * 400, Number(mid.toFixed(5)), 0.00005);
  });
});

const fastParams: Record<string, Record<string, unknown>> = {
  ma_crossover: { timeframeSec: 1, fast: 2, slow: 5, exitUnit: 'price', stopLoss: 0.001, takeProfit: 0.002 },
  rsi_reversion: { timeframeSec: 1, period: 3 },
  donchian_breakout: { timeframeSec: 1, entryPeriod: 4, exitPeriod: 2 },
  trend_trailing: { timeframeSec: 1, trendPeriod: 5, trailMode: 'atr', atrPeriod: 3, atrMultiple: 2 },
  grid: {
    timeframeSec: 1,
    stepUnit: 'price',
    step: 0.0005,
    maxLevels: 4,
    lots: 0.01,
    maxTotalLots: 0.03,
    hardStop: 0.003,
  },
};

describe('determinism', () => {
  for (const key of STRATEGY_KEYS) {
    it(`${key}: the same ticks give the same intents, also across a snapshot and resume`, () => {
      fc.assert(
        fc.property(walk, fc.nat(), (ticks, cut) => {
          const params = fastParams[key] ?? {};
          const whole = drive(new StrategyEngine(key, params), ticks).log;
          expect(drive(new StrategyEngine(key, params), ticks).log).toEqual(whole);
          const at = cut % ticks.length;
          const first = new StrategyEngine(key, params);
          const before = drive(first, ticks.slice(0, at));
          const resumed = new StrategyEngine(key, params, JSON.parse(JSON.stringify(first.snapshot())));
          const after = drive(resumed, ticks.slice(at), before.nextId);
          expect([...before.log, ...after.log]).toEqual(whole);
        }),
        { numRuns: 40 },
      );
    });
  }
  it('the strategies actually trade on a random walk', () => {
    const ticks = fc.sample(walk, { numRuns: 1, seed: 7 })[0] ?? [];
    for (const key of STRATEGY_KEYS) {
      const log = drive(new StrategyEngine(key, fastParams[key] ?? {}), [
        ...ticks,
        ...ticks.map((t) => ({ ...t, time: t.time + 200_000 })),
      ]).log;
      expect(log.some((i) => i.type === 'open')).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { Bar, EngineTick, Intent, RunPosition } from '../contract.ts';
import { exitLevels } from './common.ts';
import {
  type BoundStrategy,
  listStrategies,
  parseStrategyParams,
  STRATEGY_KEYS,
  strategyOf,
} from './index.ts';

const tick = (mid: number, half = 0.005, time = 0): EngineTick => ({
  time,
  mid,
  bid: mid - half,
  ask: mid + half,
});
const barsOf = (closes: number[]): Bar[] =>
  closes.map((c, i) => ({ time: i * 60_000, open: c, high: c, low: c, close: c }));
const position = (
  id: number,
  side: 'buy' | 'sell',
  openPrice = 100,
  stopLoss: number | null = null,
): RunPosition => ({
  id,
  side,
  lots: 0.1,
  openPrice,
  openTime: 0,
  stopLoss,
  takeProfit: null,
});

function bound(key: string, params: Record<string, unknown>): BoundStrategy {
  const entry = strategyOf(key);
  if (entry === undefined) throw new Error(key);
  const r = entry.bind(params);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.strategy;
}

const onBar = (
  s: BoundStrategy,
  closes: number[],
  positions: RunPosition[] = [],
  t = tick(closes.at(-1) ?? 1),
) => s.onBar({ bars: barsOf(closes), tick: t, positions, state: {} });

describe('the registry', () => {
  it('holds five strategies, each with honest texts and defaults its own schema accepts', () => {
    expect(STRATEGY_KEYS).toHaveLength(5);
    for (const info of listStrategies()) {
      expect(info.description.length).toBeGreaterThan(80);
      expect(info.risks.length).toBeGreaterThan(80);
      expect(parseStrategyParams(info.key, {})).toEqual({ ok: true, params: info.defaults });
      const tf = info.fields.find((f) => f.name === 'timeframeSec');
      expect(tf).toMatchObject({ type: 'int', min: 1, max: 86_400 });
    }
  });
  it('is undefined for an unknown key', () => {
    expect(strategyOf('martingale')).toBeUndefined();
    expect(parseStrategyParams('martingale', {})).toEqual({
      ok: false,
      errors: { strategy: ['Unknown strategy'] },
    });
  });
  it('describes each parameter for the staff form', () => {
    const ma = listStrategies().find((s) => s.key === 'ma_crossover');
    expect(ma?.fields.find((f) => f.name === 'fast')).toEqual({
      name: 'fast',
      label: 'Fast average (bars)',
      type: 'int',
      min: 2,
      max: 200,
      options: null,
      default: 10,
    });
    expect(ma?.fields.find((f) => f.name === 'maType')).toMatchObject({
      type: 'enum',
      options: ['sma', 'ema'],
    });
    expect(ma?.fields.find((f) => f.name === 'lots')).toMatchObject({ type: 'number', min: 0.01, max: 100 });
    const grid = listStrategies().find((s) => s.key === 'grid');
    expect(grid?.fields.find((f) => f.name === 'haltAfterHardStop')).toMatchObject({
      type: 'boolean',
      default: true,
    });
  });
  it('fills defaults for missing keys and reports bad ones by field', () => {
    const ok = parseStrategyParams('ma_crossover', { fast: 5, timeframeSec: 2, extra: 1 });
    expect(ok).toMatchObject({ ok: true, params: { fast: 5, slow: 30, timeframeSec: 2 } });
    expect(ok.ok && 'extra' in ok.params).toBe(false);
    const bad = parseStrategyParams('ma_crossover', { fast: 40, slow: 30, lots: 0 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors.fast).toEqual(['The fast average must be shorter than the slow one']);
      expect(bad.errors.lots?.length).toBe(1);
    }
    expect(parseStrategyParams('grid', 'x')).toEqual({
      ok: false,
      errors: { params: ['Parameters must be an object'] },
    });
    expect(
      parseStrategyParams('grid', { step: 1, maxLevels: 5, hardStop: 4, stepUnit: 'price' }),
    ).toMatchObject({
      ok: false,
      errors: { hardStop: ['The hard stop must lie beyond the last level (more than step × levels)'] },
    });
  });
  it('binds the timeframe and lookback', () => {
    const s = bound('ma_crossover', { timeframeSec: 2, slow: 20 });
    expect(s.timeframeMs).toBe(2000);
    expect(s.lookback).toBe(21);
    expect(bound('ma_crossover', { maType: 'ema', slow: 20 }).lookback).toBe(81);
  });
});

describe('exit levels', () => {
  it('measure from the price the position is valued at, as a price distance or a percentage', () => {
    const t = { time: 0, mid: 100, bid: 99.5, ask: 100.5 };
    expect(exitLevels('buy', t, { exitUnit: 'price', stopLoss: 2, takeProfit: 3 })).toEqual({
      stopLoss: 97.5,
      takeProfit: 102.5,
    });
    expect(exitLevels('sell', t, { exitUnit: 'percent', stopLoss: 10, takeProfit: 0 })).toEqual({
      stopLoss: 110.55,
      takeProfit: null,
    });
  });
});

describe('ma_crossover', () => {
  const s = bound('ma_crossover', { fast: 2, slow: 3, lots: 0.2 });
  it('reverses a short into a long on a golden cross', () => {
    // Before: SMA2 4.5 < SMA3 4.67; after: SMA2 5.5 > SMA3 5.33.
    const intents = onBar(s, [5, 5, 5, 4, 7], [position(7, 'sell')]);
    expect(intents.map((i) => i.type)).toEqual(['close', 'open']);
    expect(intents[0]).toMatchObject({ type: 'close', positionId: 7 });
    expect(intents[1]).toMatchObject({
      type: 'open',
      side: 'buy',
      lots: 0.2,
      stopLoss: null,
      takeProfit: null,
    });
    expect(intents[1]?.reason).toMatch(/^Golden cross: SMA2 5\.50000 crossed above SMA3 5\.33333/);
  });
  it('sells on a death cross and stays quiet without a cross or without history', () => {
    expect(onBar(s, [5, 5, 5, 6, 3])).toMatchObject([{ type: 'open', side: 'sell' }]);
    expect(onBar(s, [5, 6, 7, 8, 9])).toEqual([]);
    expect(onBar(s, [5, 4, 7])).toEqual([]);
  });
  it('does not add to a long it already holds', () => {
    expect(onBar(s, [5, 5, 5, 4, 7], [position(1, 'buy')])).toEqual([]);
  });
});

describe('rsi_reversion', () => {
  const s = bound('rsi_reversion', { period: 2 });
  it('buys when the RSI crosses back up from oversold', () => {
    // RSI 0 after three falls; a rise of 0.5 takes it to 33.3, back above 30.
    const intents = onBar(s, [10, 9, 8, 7, 7.5]);
    expect(intents).toMatchObject([
      { type: 'open', side: 'buy', reason: 'RSI 33.3 crossed up from oversold (30.0)' },
    ]);
  });
  it('closes a long at the middle band, and does not enter on a jump straight past it', () => {
    expect(onBar(s, [10, 9, 8, 7, 9], [position(3, 'buy')])).toMatchObject([
      { type: 'close', positionId: 3 },
    ]);
    expect(onBar(s, [10, 9, 8, 7, 9])).toEqual([]);
  });
  it('sells when the RSI crosses back down from overbought, not while it stays there', () => {
    expect(onBar(s, [7, 8, 9, 10, 9.5])).toMatchObject([{ type: 'open', side: 'sell' }]);
    expect(onBar(s, [7, 8, 9, 10, 11])).toEqual([]);
  });
  it('waits at the opposite band when asked to', () => {
    const opposite = bound('rsi_reversion', { period: 2, exitAt: 'opposite' });
    expect(onBar(opposite, [10, 9, 8, 7, 7.5, 8], [position(3, 'buy')])).toEqual([]);
  });
});

describe('donchian_breakout', () => {
  const s = bound('donchian_breakout', { entryPeriod: 3, exitPeriod: 2 });
  const range: Bar[] = [10, 10.2, 10.5, 10.4].map((c, i) => ({
    time: i,
    open: c,
    high: c + 0.5,
    low: c - 0.5,
    close: c,
  }));
  const withLast = (close: number): Bar[] => [
    ...range,
    { time: 9, open: close, high: close, low: close, close },
  ];
  const run = (bars: Bar[], positions: RunPosition[] = []) =>
    s.onBar({ bars, tick: tick(10), positions, state: {} });
  it('buys a close above the previous N-bar high and sells one below the low', () => {
    expect(run(withLast(11.2))).toMatchObject([{ type: 'open', side: 'buy' }]);
    expect(run(withLast(9.4))).toMatchObject([{ type: 'open', side: 'sell' }]);
    expect(run(withLast(10.9))).toEqual([]);
  });
  it('closes a long below the M-bar low, and reverses on an opposite breakout', () => {
    expect(run(withLast(9.8), [position(1, 'buy')])).toMatchObject([{ type: 'close', positionId: 1 }]);
    expect(run(withLast(9.4), [position(1, 'buy')])).toMatchObject([
      { type: 'close', positionId: 1 },
      { type: 'open', side: 'sell' },
    ]);
  });
});

describe('trend_trailing', () => {
  const s = bound('trend_trailing', { trendPeriod: 5, maType: 'sma', trailMode: 'percent', trailPercent: 1 });
  it('enters on the bar the trend condition turns true, with a stop at the trailing distance', () => {
    const intents = onBar(s, [10, 10, 10, 10, 10, 10, 11], [], { time: 0, mid: 11, bid: 11, ask: 11.01 });
    expect(intents).toHaveLength(1);
    const open = intents[0];
    expect(open).toMatchObject({ type: 'open', side: 'buy', takeProfit: null });
    expect(open?.type === 'open' ? open.stopLoss : null).toBeCloseTo(10.89, 10);
    // The bar after, still in the trend: no new entry.
    expect(onBar(s, [10, 10, 10, 10, 10, 11, 11.5])).toEqual([]);
  });
  it('trails the stop on ticks, only forwards, by at least a tenth of the distance', () => {
    const onTick = s.onTick;
    if (onTick === null) throw new Error('trend_trailing trails on ticks');
    const bars = barsOf([10, 10, 10, 10, 10, 10]);
    const at = (bid: number, sl: number): Intent[] =>
      onTick({
        bars,
        tick: { time: 0, mid: bid, bid, ask: bid },
        positions: [position(5, 'buy', 100, sl)],
        state: {},
      });
    expect(at(102, 99)).toMatchObject([{ type: 'modify', positionId: 5, stopLoss: 100.98 }]);
    expect(at(102.05, 100.98)).toEqual([]);
    expect(at(98, 99)).toEqual([]);
  });
});

describe('grid', () => {
  const params = { stepUnit: 'price', step: 1, maxLevels: 2, lots: 0.01, maxTotalLots: 0.02, hardStop: 3 };
  const s = bound('grid', params);
  const onTick = s.onTick;
  if (onTick === null) throw new Error('grid trades on ticks');
  it('anchors, buys at each level crossed, within its limits, and closes everything at the hard stop', () => {
    const state: Record<string, unknown> = {};
    const positions: RunPosition[] = [];
    const step = (mid: number) => onTick({ bars: [], tick: tick(mid), positions, state });
    expect(step(100)).toEqual([]);
    expect(state.anchor).toBe(100);
    expect(step(99.5)).toEqual([]);
    const first = step(99);
    expect(first).toMatchObject([{ type: 'open', side: 'buy', lots: 0.01, takeProfit: 100, stopLoss: 97 }]);
    positions.push({ ...position(1, 'buy', 99.005), lots: 0.01 });
    expect(step(99.5)).toEqual([]);
    expect(step(99)).toEqual([]); // level 1 is taken
    expect(step(98)).toMatchObject([{ type: 'open', side: 'buy', takeProfit: 99 }]);
    positions.push({ ...position(2, 'buy', 98.005), lots: 0.01 });
    const stop = step(96.9);
    expect(stop).toMatchObject([
      { type: 'close', positionId: 1 },
      { type: 'close', positionId: 2 },
    ]);
    expect(stop[0]?.reason).toMatch(/^Hard stop/);
    expect(state.halted).toBe(true);
    positions.length = 0;
    expect(step(99)).toEqual([]);
    expect(step(102)).toEqual([]);
  });
  it('sells above the anchor and respects the total lots', () => {
    const state: Record<string, unknown> = { anchor: 100, lastMid: 100, halted: false };
    const positions = [{ ...position(1, 'buy', 99), lots: 0.02 }];
    expect(onTick({ bars: [], tick: tick(101), positions: [], state })).toMatchObject([
      { type: 'open', side: 'sell', takeProfit: 100, stopLoss: 103 },
    ]);
    expect(onTick({ bars: [], tick: tick(102), positions, state })).toEqual([]);
  });
  it('re-anchors when flat and beyond its outer levels', () => {
    const state: Record<string, unknown> = { anchor: 100, lastMid: 100, halted: false };
    expect(onTick({ bars: [], tick: tick(105), positions: [], state })).toEqual([]);
    expect(state.anchor).toBe(105);
  });
});

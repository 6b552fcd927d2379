import { describe, expect, it } from 'vitest';
import { backtest, EQUITY_POINTS, ticksFromBars, toBacktestSummary } from './backtest.ts';
import type { EngineTick, RiskLimits } from './contract.ts';
import { StrategyEngine } from './engine.ts';
import { backtestSummarySchema } from './schemas.ts';

const MIN = 60_000;
const series = (mids: number[]): EngineTick[] =>
  mids.map((mid, i) => ({
    time: i * MIN,
    mid,
    bid: Number((mid - 0.0001).toFixed(5)),
    ask: Number((mid + 0.0001).toFixed(5)),
  }));
const limits = (over: Partial<RiskLimits> = {}): RiskLimits => ({
  maxLots: 1,
  maxOpenPositions: 5,
  equityStopPct: 0,
  closeOnEquityStop: true,
  hours: null,
  ...over,
});
const eurusd = { contractSize: 100_000, leverage: 100, quoteCurrency: 'USD' };
const crossover = { timeframeSec: 60, fast: 2, slow: 3, lots: 0.1, exitUnit: 'price', takeProfit: 0.004 };
// Minute bars, one tick each; a bar closes (and the strategy decides) on the next minute's tick.
const MIDS = [1.1, 1.1, 1.1, 1.1, 1.103, 1.104, 1.106, 1.1, 1.095, 1.09, 1.085, 1.09, 1.096, 1.1, 1.105];

describe('backtest: a hand-checked series', () => {
  const result = backtest({
    strategyKey: 'ma_crossover',
    params: crossover,
    limits: limits(),
    ticks: series(MIDS),
    instrument: eurusd,
    accountCurrency: 'USD',
    startingBalanceCents: 1_000_000,
  });
  it('makes exactly these trades, at the ask and bid the ticks quote', () => {
    // 1. Golden cross on bar 4 (SMA2 1.1015 > SMA3 1.101), bought at minute 5's ask 1.1041; the
    //    death cross on bar 7 sells it at minute 8's bid 1.0949: −0.0092 × 10,000 units = −92.00 USD.
    // 2. The same tick opens a sell at 1.0949 with take-profit 1.0951 − 0.004 = 1.0911; minute 9's
    //    ask 1.0901 is past it: +0.0048 × 10,000 = +48.00 USD.
    // 3. Golden cross on bar 12, bought at minute 13's ask 1.1001, take-profit 1.0999 + 0.004 =
    //    1.1039; minute 14's bid 1.1049 takes it: +48.00 USD.
    expect(
      result.tradeList.map((t) => [
        t.side,
        t.lots,
        t.openTime / MIN,
        t.openPrice,
        t.closeTime / MIN,
        t.closePrice,
        t.pnlCents,
      ]),
    ).toEqual([
      ['buy', 0.1, 5, 1.1041, 8, 1.0949, -9200],
      ['sell', 0.1, 8, 1.0949, 9, 1.0901, 4800],
      ['buy', 0.1, 13, 1.1001, 14, 1.1049, 4800],
    ]);
    expect(result.tradeList[0]?.reason).toMatch(/^Death cross/);
    expect(result.tradeList[1]?.reason).toBe('Take profit 1.09110 reached (ask 1.09010)');
    expect(result.tradeList[2]?.reason).toBe('Take profit 1.10390 reached (bid 1.10490)');
  });
  it('sums them into the figures', () => {
    expect(result).toMatchObject({
      from: 0,
      to: 14 * MIN,
      startingBalanceCents: 1_000_000,
      endingBalanceCents: 1_000_400,
      netProfitCents: 400,
      trades: 3,
      wins: 2,
      stoppedAt: null,
      skipped: {},
    });
    expect(result.winRate).toBeCloseTo(2 / 3, 12);
    expect(result.profitFactor).toBeCloseTo(9600 / 9200, 12);
    // Peak 1,001,800 at minute 6 (the long +18 USD); trough 990,600 at minute 8 (−92 realised, −2 on the new sell).
    expect(result.maxDrawdown).toBeCloseTo(11_200 / 1_001_800, 12);
    expect(result.equity).toHaveLength(MIDS.length);
    expect(result.equity[6]).toEqual([6 * MIN, 1_001_800]);
    expect(result.equity.at(-1)).toEqual([14 * MIN, 1_000_400]);
  });
  it('converts P/L from the quote currency to the account currency', () => {
    const eur = backtest({
      strategyKey: 'ma_crossover',
      params: crossover,
      limits: limits(),
      ticks: series(MIDS),
      instrument: eurusd,
      accountCurrency: 'EUR',
      rate: (from, to) => (from === 'USD' && to === 'EUR' ? 0.5 : Number.NaN),
      startingBalanceCents: 1_000_000,
    });
    expect(eur.tradeList.map((t) => t.pnlCents)).toEqual([-4600, 2400, 2400]);
    expect(() =>
      backtest({
        strategyKey: 'ma_crossover',
        params: crossover,
        limits: limits(),
        ticks: [],
        instrument: eurusd,
        accountCurrency: 'EUR',
        startingBalanceCents: 1,
      }),
    ).toThrow(RangeError);
  });
});

describe('backtest: a losing series', () => {
  // A whipsaw: the averages cross every few bars and each reversal pays the move back plus the spread.
  const mids = Array.from({ length: 80 }, (_, i) => 1.1 + (i % 4 < 2 ? 0.002 : -0.002) + (i % 3) * 0.0005);
  const result = backtest({
    strategyKey: 'ma_crossover',
    params: { timeframeSec: 60, fast: 2, slow: 3, lots: 0.1 },
    limits: limits(),
    ticks: series(mids),
    instrument: eurusd,
    accountCurrency: 'USD',
    startingBalanceCents: 1_000_000,
  });
  it('reports a profit factor below one and a drawdown', () => {
    expect(result.trades).toBeGreaterThan(5);
    expect(result.netProfitCents).toBeLessThan(0);
    const gains = result.tradeList.reduce((s, t) => s + Math.max(t.pnlCents, 0), 0);
    const losses = result.tradeList.reduce((s, t) => s + Math.max(-t.pnlCents, 0), 0);
    expect(result.profitFactor).toBeCloseTo(gains / losses, 12);
    expect(result.profitFactor ?? 1).toBeLessThan(1);
    expect(result.netProfitCents).toBe(result.tradeList.reduce((s, t) => s + t.pnlCents, 0));
    expect(result.maxDrawdown).toBeGreaterThan(0);
    expect(result.maxDrawdown).toBeGreaterThanOrEqual(-result.netProfitCents / 1_000_000 - 1e-12);
    expect(result.winRate).toBe(result.wins / result.trades);
  });
});

describe('backtest: refusals and stops', () => {
  const run = (over: Partial<Parameters<typeof backtest>[0]>) =>
    backtest({
      strategyKey: 'ma_crossover',
      params: crossover,
      limits: limits(),
      ticks: series(MIDS),
      instrument: eurusd,
      accountCurrency: 'USD',
      startingBalanceCents: 1_000_000,
      ...over,
    });
  it('skips an order the free margin cannot hold', () => {
    // 0.1 lot at 1.1041 without leverage holds 11,041 USD; the account has 100.
    const r = run({ instrument: { ...eurusd, leverage: 1 }, startingBalanceCents: 10_000 });
    expect(r.trades).toBe(0);
    expect(r.skipped).toEqual({ insufficient_margin: 3 });
    expect(r.netProfitCents).toBe(0);
  });
  it('skips while the market is closed and above the lot limit', () => {
    expect(run({ marketOpen: () => false }).skipped).toEqual({ market_closed: 3 });
    expect(run({ limits: limits({ maxLots: 0.05 }) }).skipped).toEqual({ max_lots: 3 });
  });
  it('stops at the equity stop, closes the positions and trades no more', () => {
    // 1 lot: minute 7's bid 1.0999 puts the long 42 ticks (−420 USD) under water, beyond 1 % of 10,000 USD.
    const r = run({ params: { ...crossover, lots: 1 }, limits: limits({ equityStopPct: 1 }) });
    expect(r.stopReason).toBe('equity_stop');
    expect(r.stoppedAt).toBe(7 * MIN);
    expect(r.tradeList.map((t) => [t.closeTime / MIN, t.closePrice, t.pnlCents, t.reason])).toEqual([
      [7, 1.0999, -42_000, 'Equity stop'],
    ]);
    expect(r.endingBalanceCents).toBe(958_000);
  });
  it('without closing, leaves the positions to their own exits and the end of the test', () => {
    const r = run({
      params: { ...crossover, lots: 1 },
      limits: limits({ equityStopPct: 1, closeOnEquityStop: false }),
    });
    expect(r.stoppedAt).toBe(7 * MIN);
    expect(r.tradeList).toHaveLength(1);
    expect(r.tradeList[0]).toMatchObject({ closeTime: 14 * MIN, reason: 'End of backtest' });
  });
});

describe('equity curve', () => {
  it('has at most 200 points, first and last included, evenly strided', () => {
    const mids = Array.from({ length: 5_003 }, (_, i) => 1.1 + Math.sin(i / 50) * 0.01);
    const r = backtest({
      strategyKey: 'rsi_reversion',
      params: { timeframeSec: 60, period: 5 },
      limits: limits(),
      ticks: series(mids),
      instrument: eurusd,
      accountCurrency: 'USD',
      startingBalanceCents: 1_000_000,
    });
    expect(r.equity.length).toBeLessThanOrEqual(EQUITY_POINTS);
    expect(r.equity.length).toBeGreaterThan(150);
    expect(r.equity[0]?.[0]).toBe(0);
    expect(r.equity.at(-1)).toEqual([5_002 * MIN, r.endingBalanceCents]);
    const times = r.equity.map(([t]) => t);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(r.trades).toBeGreaterThan(0);
  });
});

describe('ticksFromBars', () => {
  it('walks open, low, high, close in an up candle and open, high, low, close in a down one', () => {
    const ticks = ticksFromBars(
      [
        { time: 60_000, open: 2, high: 2.5, low: 0.5, close: 1 },
        { time: 0, open: 1, high: 3, low: 0.5, close: 2 },
      ],
      { buySpread: 0.01, sellSpread: 0.02 },
    );
    expect(ticks.map((t) => [t.time, t.mid])).toEqual([
      [0, 1],
      [15_000, 0.5],
      [30_000, 3],
      [45_000, 2],
      [60_000, 2],
      [75_000, 2.5],
      [90_000, 0.5],
      [105_000, 1],
    ]);
    expect(ticks[0]).toEqual({ time: 0, mid: 1, bid: 0.98, ask: 1.01 });
  });
  it('gives a backtest on stored candles', () => {
    const bars = MIDS.map((c, i) => ({ time: i * MIN, open: c, high: c, low: c, close: c }));
    const r = backtest({
      strategyKey: 'ma_crossover',
      params: crossover,
      limits: limits(),
      ticks: ticksFromBars(bars, { buySpread: 0, sellSpread: 0 }),
      instrument: eurusd,
      accountCurrency: 'USD',
      startingBalanceCents: 1_000_000,
    });
    expect(r.trades).toBe(3);
    expect(r.tradeList[0]).toMatchObject({ side: 'buy', openTime: 5 * MIN, openPrice: 1.104 });
  });
});

describe('backtest and a live executor agree', () => {
  it('makes the trades a runner confirming every intent at the tick prices would make', () => {
    const mids = Array.from(
      { length: 600 },
      (_, i) => 1.1 + Math.sin(i / 9) * 0.003 + Math.sin(i / 2.3) * 0.0007,
    );
    const ticks = series(mids);
    const params = {
      timeframeSec: 60,
      trendPeriod: 8,
      maType: 'sma',
      trailMode: 'atr',
      atrPeriod: 5,
      atrMultiple: 1.5,
    };
    const report = backtest({
      strategyKey: 'trend_trailing',
      params,
      limits: limits(),
      ticks,
      instrument: eurusd,
      accountCurrency: 'USD',
      startingBalanceCents: 1_000_000,
    });
    const engine = new StrategyEngine('trend_trailing', params);
    const live: [string, number, number][] = [];
    let id = 1;
    for (const t of ticks) {
      for (const intent of engine.onTick(t)) {
        if (intent.type === 'open') {
          const price = intent.side === 'buy' ? t.ask : t.bid;
          live.push([intent.side, t.time, price]);
          engine.confirmOpen({
            id: id++,
            side: intent.side,
            lots: intent.lots,
            openPrice: price,
            openTime: t.time,
            stopLoss: intent.stopLoss ?? null,
            takeProfit: null,
          });
        } else if (intent.type === 'close') engine.confirmClose(intent.positionId);
        else engine.confirmModify(intent.positionId, intent.stopLoss);
      }
    }
    expect(report.trades).toBeGreaterThan(3);
    expect(report.tradeList.map((t) => [t.side, t.openTime, t.openPrice])).toEqual(live);
  });
});

describe('toBacktestSummary', () => {
  it('gives the catalogue figures: ISO times, USD amounts, fractions', () => {
    const result = backtest({
      strategyKey: 'ma_crossover',
      params: crossover,
      limits: limits(),
      ticks: series(MIDS),
      instrument: eurusd,
      accountCurrency: 'USD',
      startingBalanceCents: 1_000_000,
    });
    const summary = toBacktestSummary(result, '2025-01-02T00:00:00.000Z');
    expect(backtestSummarySchema.parse(summary)).toEqual(summary);
    expect(summary).toMatchObject({
      from: '1970-01-01T00:00:00.000Z',
      to: '1970-01-01T00:14:00.000Z',
      trades: 3,
      win_rate: 0.6667,
      profit_factor: 1.04,
      max_drawdown: 0.0112,
      net_profit: 4,
    });
    expect(summary.equity.at(-1)).toEqual(['1970-01-01T00:14:00.000Z', 10_004]);
  });
});

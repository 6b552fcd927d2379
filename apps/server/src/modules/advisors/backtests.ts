import {
  type BacktestSummary,
  backtest,
  CANDLE_INTERVALS,
  type Candle,
  type CandleInterval,
  INTERVAL_MS,
  isMarketOpen,
  MAX_CANDLES_PER_REQUEST,
  StrategyConfigError,
  scheduleFor,
  strategyOf,
  ticksFromBars,
  toAccountCurrency,
} from '@openbroker/domain';
import { AppError, validationError } from '../../errors.ts';
import type { AuditActor } from '../audit/service.ts';
import type { AdvisorDeps } from './deps.ts';
import { type AdvisorRow, advisorsWithoutBacktest, storeBacktest } from './repo.ts';

/** Catalogue backtests run on a USD account of 10,000.00 (what the marketplace's figures are of). */
export const BACKTEST_BALANCE_CENTS = 1_000_000;
/** The window: the last 30 days, or as much of it as stored candles cover. */
export const BACKTEST_SPAN_MS = 30 * 86_400_000;
/** Pages of candles read at most (1,500 each): bounds a backtest's time and memory. */
const MAX_PAGES = 40;
/** How often the `bots` role looks for advisors still without a backtest (seeded or edited). */
const FILL_EVERY_MS = 15_000;
/** The job's name on the scheduler. */
const FILL_JOB = 'advisor-backtests';
/** Advisors backtested per pass of that job. */
const FILL_BATCH = 3;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The candle interval a strategy's bars are built from: the longest stored interval that divides
 * its timeframe (so every bar is whole candles), 1-minute candles for sub-minute timeframes.
 */
export function candleIntervalFor(timeframeMs: number): CandleInterval {
  let best: CandleInterval = '1m';
  for (const interval of CANDLE_INTERVALS) {
    const size = INTERVAL_MS[interval];
    if (size <= timeframeMs && timeframeMs % size === 0) best = interval;
  }
  return best;
}

/** A backtest's figures as the catalogue stores and shows them (amounts in USD). */
export function toSummary(r: ReturnType<typeof backtest>, ranAt: Date): BacktestSummary {
  return {
    from: iso(r.from),
    to: iso(r.to),
    trades: r.trades,
    win_rate: r.winRate,
    profit_factor: r.profitFactor,
    max_drawdown: r.maxDrawdown,
    net_profit: r.netProfitCents / 100,
    equity: r.equity.map(([t, cents]) => [iso(t), cents / 100]),
    ran_at: ranAt.toISOString(),
  };
}

/**
 * Catalogue backtests (issue 16): an advisor's strategy and preset parameters, its risk limits, run
 * by the domain's backtest over a tick path through the platform's own stored candles of its
 * instrument (the same engine, pricing, spreads, margin and P/L rules as a live run), on a USD
 * account of 10,000. Staff rerun one on demand; a job on the `bots` role fills those still missing
 * (seeded or edited), so start-up never waits for them.
 */
export function createBacktests(
  deps: Pick<AdvisorDeps, 'db' | 'market' | 'clock' | 'reference' | 'audit' | 'scheduler' | 'log'>,
) {
  const { market, db } = deps;
  /** Advisors whose backtest failed in this process: the fill job does not retry them in a loop. */
  const failed = new Set<number>();

  /** Finished candles of [from, to), oldest first, read a page at a time from the newest back. */
  async function storedCandles(assetId: number, interval: CandleInterval, from: number, to: number) {
    const size = INTERVAL_MS[interval];
    const byTime = new Map<number, Candle>();
    let end = to;
    for (let page = 0; page < MAX_PAGES && end > from; page++) {
      const rows = await market.candlesFor(assetId, interval, from, end);
      for (const c of rows) if (c.time + size <= to) byTime.set(c.time, c);
      const first = rows[0];
      if (!first || rows.length < MAX_CANDLES_PER_REQUEST || first.time >= end) break;
      end = first.time;
    }
    return [...byTime.values()].sort((a, b) => a.time - b.time);
  }

  async function compute(advisor: Pick<AdvisorRow, 'id' | 'strategy' | 'params' | 'limits' | 'assetId'>) {
    const entry = strategyOf(advisor.strategy);
    const bound = entry?.bind(advisor.params);
    if (!entry || !bound?.ok)
      throw validationError({
        params: ['The stored strategy parameters are not valid: edit the advisor first.'],
      });
    const inst = market.instrument(advisor.assetId);
    if (!inst) throw new AppError('CONFLICT', 'The advisor’s instrument has no prices to backtest on.');
    const now = deps.clock.now();
    const interval = candleIntervalFor(bound.strategy.timeframeMs);
    const candles = await storedCandles(inst.id, interval, now.getTime() - BACKTEST_SPAN_MS, now.getTime());
    if (candles.length === 0)
      throw new AppError(
        'CONFLICT',
        `There are no stored prices of ${inst.symbolDisplay} to backtest on yet.`,
      );
    const ticks = ticksFromBars(candles, {
      buySpread: inst.buySpread,
      sellSpread: inst.sellSpread,
      intervalMs: INTERVAL_MS[interval],
    });
    const schedule = scheduleFor(inst.type, inst.exchangeZone, inst.sessions);
    const leverage = await deps.reference.leverage(inst.type, inst.leverage, null);
    try {
      const result = backtest({
        strategyKey: advisor.strategy,
        params: advisor.params,
        limits: advisor.limits,
        ticks,
        instrument: { contractSize: inst.contractSize, leverage, quoteCurrency: inst.quoteCurrency },
        accountCurrency: 'USD',
        rate: (from, to) => {
          const r = toAccountCurrency(1, from, to, market.rate);
          if (!r.ok) throw new AppError('CONFLICT', `There is no live rate from ${from} to ${to} right now.`);
          return r.value;
        },
        startingBalanceCents: BACKTEST_BALANCE_CENTS,
        marketOpen: (time) => isMarketOpen(schedule, new Date(time)),
      });
      return toSummary(result, now);
    } catch (e) {
      if (e instanceof StrategyConfigError) throw validationError(e.errors);
      throw e;
    }
  }

  /** One pass of the fill job: backtests a few advisors that have none yet. */
  async function fillMissing(): Promise<number> {
    const waiting = (await advisorsWithoutBacktest(db, FILL_BATCH + failed.size)).filter(
      (a) => !failed.has(a.id),
    );
    let done = 0;
    for (const advisor of waiting.slice(0, FILL_BATCH)) {
      try {
        if (await storeBacktest(db, advisor.id, await compute(advisor), advisor)) done++;
      } catch (e) {
        failed.add(advisor.id);
        deps.log.warn({ err: e, advisorId: advisor.id }, 'backtesting an Expert Advisor failed');
      }
    }
    return done;
  }

  return {
    /** Runs and stores an advisor's backtest, audited as the staff member's action; the figures. */
    async rerun(advisor: AdvisorRow, actor: AuditActor & { actorId: number }): Promise<BacktestSummary> {
      const summary = await compute(advisor);
      await db.transaction(async (tx) => {
        await storeBacktest(tx, advisor.id, summary);
        await deps.audit.record(tx, actor, {
          action: 'advisor.backtest',
          objectType: 'expert_advisor',
          objectId: advisor.id,
          after: { ...summary, equity: undefined },
        });
      });
      failed.delete(advisor.id);
      return summary;
    },

    fillMissing,

    /**
     * Registers the fill job on the `bots` role's scheduler (it runs only where that role is held).
     * Once per scheduler, whoever asks first (the module or the admin routes).
     */
    schedule(): void {
      if (deps.scheduler.jobs().includes(FILL_JOB)) return;
      deps.scheduler.register({
        name: FILL_JOB,
        everyMs: FILL_EVERY_MS,
        run: async () => {
          await fillMissing();
        },
      });
    },
  };
}
export type Backtests = ReturnType<typeof createBacktests>;

import {
  type BusEvents,
  type EngineTick,
  type Intent,
  instrumentSchedule,
  isMarketOpen,
  type PriceTick,
  quote,
  type StopReason,
} from '@openbroker/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { MarketData } from '../../../feed/MarketData.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Bus } from '../../../realtime/bus.ts';
import type { TradingService } from '../../trading/service.ts';
import { DecisionLog } from './decisionLog.ts';
import { createExecutor, type Executor } from './execution.ts';
import { type LiveLeg, type LiveRun, stateOf } from './live.ts';
import {
  findRun,
  openTradesOfRuns,
  type RunRow,
  runningRuns,
  saveRunState,
  usedOrderNumbers,
} from './repo.ts';
import { buildRun, reconcileRun } from './restore.ts';
import { warmLegs } from './warm.ts';

export interface RunnerDeps {
  db: Db;
  clock: Clock;
  bus: Bus;
  market: MarketData;
  trading: TradingService;
  log: FastifyBaseLogger;
  /** Stops a run for good (the service: compare-and-set, log, notification, `advisor.run`). */
  stop(runId: number, reason: StopReason, note: string): Promise<void>;
}

/** Told after every tick the runner handled, with how many legs it fed (benchmarks). */
export type TickObserver = (tick: PriceTick, legs: number) => void;

/**
 * The advisor runner (DESIGN §13) on the node holding `bots`: every running run in memory, one
 * strategy engine per leg, legs indexed by instrument so a tick feeds only the engines trading it.
 * Intents are executed through the trading service one at a time per run (ticks arriving meanwhile
 * still feed the engines); decisions are logged behind the tick path; the state (engines and order
 * counter) is saved after each executed intent, so a takeover resumes every run once, knows its open
 * positions, and never repeats an order.
 */
export class AdvisorRunner {
  /** Its name on the `bots` scheduler. */
  readonly name = 'advisor-runner';
  private readonly runs = new Map<number, LiveRun>();
  private readonly byAsset = new Map<number, LiveLeg[]>();
  /** Runs by trading account, to follow positions closed or changed by others. */
  private readonly byAccount = new Map<number, LiveRun[]>();
  private readonly openCache = new Map<number, { at: number; open: boolean }>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly observers = new Set<TickObserver>();
  /** Runs announced stopped while this node held the role: a load that read them running earlier skips them. */
  private readonly dropped = new Set<number>();
  private unsubscribe: (() => void)[] = [];
  /** Bumped by each start and stop, so a load overtaken by a stop applies nothing. */
  private generation = 0;
  readonly decisions: DecisionLog;
  private readonly executor: Executor;

  constructor(private readonly deps: RunnerDeps) {
    this.decisions = new DecisionLog(deps);
    this.executor = createExecutor({
      trading: deps.trading,
      market: deps.market,
      log: deps.log,
      decisions: this.decisions,
      marketOpen: (id) => this.marketOpen(id),
      requestStop: (run, reason, note) => this.requestStop(run, reason, note),
      save: (run) => this.save(run),
    });
  }

  get running(): boolean {
    return this.unsubscribe.length > 0;
  }

  /** The role was taken: follow runs starting and stopping, then resume every running run once. */
  start(): void {
    if (this.running) return;
    const generation = ++this.generation;
    const { bus } = this.deps;
    this.unsubscribe = [
      bus.subscribe('price.ticks', (ticks) => this.onTicks(ticks)),
      bus.subscribe('risk.sync', (s) => this.onSync(s)),
      bus.subscribe('advisor.run', ({ runId, status }) => {
        if (status === 'running') this.track(this.load(runId, generation));
        else this.track(this.drop(runId));
      }),
      bus.subscribe('user.revoked', ({ userId }) => {
        for (const run of this.runs.values()) {
          if (run.ref.userId === userId)
            this.requestStop(run, 'account_inactive', 'The account was deactivated.');
        }
      }),
      bus.subscribe('account.stopped_out', ({ accountId }) => {
        for (const run of this.runs.values()) {
          if (run.ref.accountId === accountId) {
            this.requestStop(run, 'stop_out', 'The account reached its stop-out level.');
          }
        }
      }),
    ];
    this.track(this.resume(generation));
  }

  /** The role was lost (or shutdown): no more ticks; executions under way finish, state is saved. */
  async stop(): Promise<void> {
    this.generation++;
    for (const u of this.unsubscribe) u();
    this.unsubscribe = [];
    await this.idle();
    await Promise.allSettled([...this.runs.values()].map((run) => this.save(run, true)));
    await this.decisions.flush();
    this.runs.clear();
    this.byAsset.clear();
    this.byAccount.clear();
    this.dropped.clear();
  }

  /** Resolves once loads, executions, saves and the decision log have settled. */
  async idle(): Promise<void> {
    for (;;) {
      const busy = [...this.pending, ...[...this.runs.values()].map((r) => r.chain)];
      await Promise.allSettled(busy);
      await this.decisions.flush();
      const again = [...this.pending, ...[...this.runs.values()].map((r) => r.chain)];
      if (again.length === busy.length && again.every((p, i) => p === busy[i])) return;
    }
  }

  /** Runs held now, and legs fed per instrument (health and benchmarks). */
  stats(): { runs: number; legs: number; instruments: number } {
    let legs = 0;
    for (const l of this.byAsset.values()) legs += l.length;
    return { runs: this.runs.size, legs, instruments: this.byAsset.size };
  }

  /** Running runs held in memory (the equity-stop check reads them). */
  held(): IterableIterator<LiveRun> {
    return this.runs.values();
  }

  observe(observer: TickObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /**
   * Stops a run now and for good: nothing more executes, the executions under way finish, then the
   * service records the stop. `then` runs after (closing positions on an equity stop).
   */
  requestStop(run: LiveRun, reason: StopReason, note: string, then?: () => Promise<void>): void {
    if (run.stopped) return;
    run.stopped = true;
    const work = run.chain
      .then(() => this.deps.stop(run.id, reason, note))
      .then(then)
      .catch((e: unknown) =>
        this.deps.log.error({ err: e, runId: run.id }, 'stopping an advisor run failed'),
      );
    this.track(work);
  }

  private track(p: Promise<unknown>): void {
    const tracked = p
      .catch((e: unknown) => this.deps.log.error({ err: e }, 'advisor runner task failed'))
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  private async resume(generation: number): Promise<void> {
    const rows = await runningRuns(this.deps.db);
    if (generation !== this.generation) return;
    await this.addAll(rows, generation, 'Resumed');
  }

  /** A run started on any node's API after the runner started. */
  private async load(runId: number, generation: number): Promise<void> {
    if (this.runs.has(runId)) return;
    const row = await findRun(this.deps.db, runId);
    if (row?.status !== 'running' || generation !== this.generation) return;
    await this.addAll([row], generation, 'Started');
  }

  /** Builds, warms and restores runs, then lets ticks reach them (each run once, however it came). */
  private async addAll(rows: RunRow[], generation: number, verb: string): Promise<void> {
    const { db, market, clock } = this.deps;
    const ids = rows.map((r) => r.id);
    const [trades, used] = await Promise.all([
      openTradesOfRuns(db, ids),
      usedOrderNumbers(db, [...new Set(rows.map((r) => r.tradingAccountId))]),
    ]);
    const built: LiveRun[] = [];
    for (const row of rows) {
      const made = buildRun(row, used.get(row.id));
      if (made.ok) {
        built.push(made.run);
        continue;
      }
      this.deps.log.error({ runId: row.id, errors: made.errors }, 'advisor run leg cannot be built');
      this.track(this.deps.stop(row.id, 'error', made.note));
    }
    await warmLegs(
      market,
      built.flatMap((r) => r.legs),
      clock.now().getTime(),
    );
    if (generation !== this.generation) return;
    for (const run of built) {
      if (this.runs.has(run.id) || this.dropped.has(run.id)) continue;
      reconcileRun(
        run,
        trades.filter((t) => t.advisorRunId === run.id),
      );
      this.runs.set(run.id, run);
      for (const leg of run.legs) {
        const list = this.byAsset.get(leg.leg.assetId);
        if (list) list.push(leg);
        else this.byAsset.set(leg.leg.assetId, [leg]);
      }
      const mates = this.byAccount.get(run.ref.accountId);
      if (mates) mates.push(run);
      else this.byAccount.set(run.ref.accountId, [run]);
      this.decisions.add(run.id, {
        kind: 'started',
        message: `${verb} on this node with ${run.positions.size} open position(s)`,
      });
    }
  }

  /** A stopped run leaves memory once its executions under way have finished. */
  private async drop(runId: number): Promise<void> {
    this.dropped.add(runId);
    // Ids are never reused; only a load racing the stop needs one, so the oldest are forgotten.
    if (this.dropped.size > 100_000) {
      const oldest = this.dropped.values().next();
      if (!oldest.done) this.dropped.delete(oldest.value);
    }
    const run = this.runs.get(runId);
    if (!run) return;
    run.stopped = true;
    this.runs.delete(runId);
    for (const leg of run.legs) {
      const list = this.byAsset.get(leg.leg.assetId);
      if (!list) continue;
      const rest = list.filter((l) => l !== leg);
      if (rest.length > 0) this.byAsset.set(leg.leg.assetId, rest);
      else this.byAsset.delete(leg.leg.assetId);
    }
    const mates = this.byAccount.get(run.ref.accountId)?.filter((r) => r !== run) ?? [];
    if (mates.length > 0) this.byAccount.set(run.ref.accountId, mates);
    else this.byAccount.delete(run.ref.accountId);
    await run.chain;
  }

  private onTicks(ticks: PriceTick[]): void {
    for (const tick of ticks) {
      const legs = this.byAsset.get(tick.assetId);
      if (!legs) continue;
      const instrument = this.deps.market.instrument(tick.assetId);
      if (!instrument) continue;
      const q = quote(tick.price, instrument.buySpread, instrument.sellSpread);
      const et: EngineTick = { time: tick.at, mid: tick.price, bid: q.bid, ask: q.ask };
      for (const leg of legs) {
        if (leg.run.stopped) continue;
        let intents: Intent[];
        const forming = leg.engine.forming?.time;
        try {
          intents = leg.engine.onTick(et);
        } catch (e) {
          this.deps.log.error({ err: e, runId: leg.run.id }, 'advisor strategy failed');
          this.requestStop(leg.run, 'error', `${leg.leg.name} failed: ${e instanceof Error ? e.message : e}`);
          continue;
        }
        // A closed bar is worth saving (the periodic save); a tick inside a bar is not.
        if (leg.engine.forming?.time !== forming) leg.run.dirty = true;
        if (intents.length > 0) this.enqueue(leg, intents, et);
      }
      for (const o of this.observers) o(tick, legs.length);
    }
  }

  private enqueue(leg: LiveLeg, intents: Intent[], tick: EngineTick): void {
    const { run } = leg;
    run.chain = run.chain
      .then(() => this.executor.execute(leg, intents, tick))
      .catch((e: unknown) => this.deps.log.error({ err: e, runId: run.id }, 'advisor execution failed'));
  }

  /**
   * Positions of a run closed or changed by others (its stop-loss on the server, the customer,
   * staff, a stop-out), from the snapshots every committed trading change publishes.
   */
  private onSync({ account, trades }: BusEvents['risk.sync']): void {
    const runs = this.byAccount.get(account.id);
    if (!runs) return;
    for (const t of trades) {
      const run = runs.find((r) => r.positions.has(t.id));
      const leg = run?.positions.get(t.id);
      // The run's own close is logged by the executor when it returns.
      if (!run || !leg || run.closing.has(t.id)) continue;
      if (t.status !== 'open') {
        this.executor.forget(leg, t.id);
        this.decisions.add(run.id, {
          kind: 'close',
          message: `Trade #${t.id} was closed outside the advisor (its stop-loss or take-profit, the customer, staff or a stop-out)`,
          tradeId: t.id,
        });
        continue;
      }
      const pos = leg.engine.positions.find((p) => p.id === t.id);
      if (pos && (pos.stopLoss !== t.stopLoss || pos.takeProfit !== t.takeProfit)) {
        leg.engine.confirmOpen({ ...pos, stopLoss: t.stopLoss, takeProfit: t.takeProfit });
      }
    }
  }

  /** Whether an instrument's market is open now, re-read at most once a second. */
  private marketOpen(assetId: number): boolean {
    const now = this.deps.clock.now();
    const cached = this.openCache.get(assetId);
    if (cached && Math.abs(now.getTime() - cached.at) < 1_000) return cached.open;
    const instrument = this.deps.market.instrument(assetId);
    const open = instrument ? isMarketOpen(instrumentSchedule(instrument), now) : false;
    this.openCache.set(assetId, { at: now.getTime(), open });
    return open;
  }

  /**
   * Saves a run's engines and counter, in its execution order (so an older state never overwrites a
   * newer one). `force` saves even an unchanged run (the role is being handed over).
   */
  save(run: LiveRun, force = false): Promise<void> {
    if (!run.dirty && !force) return Promise.resolve();
    run.dirty = false;
    const state = stateOf(run);
    return saveRunState(this.deps.db, run.id, state).catch((e: unknown) => {
      run.dirty = true;
      this.deps.log.error({ err: e, runId: run.id }, 'saving advisor run state failed');
    });
  }

  /** Saves every run whose engines moved since their last save (a periodic job). */
  saveAll(): Promise<void> {
    const saves: Promise<void>[] = [];
    for (const run of this.runs.values()) {
      if (!run.dirty || run.stopped) continue;
      const p = run.chain.then(() => this.save(run));
      run.chain = p;
      saves.push(p);
    }
    return Promise.all(saves).then(() => undefined);
  }
}

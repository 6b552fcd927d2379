import {
  DEFAULT_RISK_LEVELS,
  instrumentSchedule,
  isMarketOpen,
  type Quote,
  quote,
  type RiskState,
  riskState,
  type StopTrigger,
  summarizeTotals,
} from '@openbroker/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Tick } from '../feed/FeedSource.ts';
import type { MarketData } from '../feed/MarketData.ts';
import type { Clock } from '../lib/clock.ts';
import { accountsWithLevels } from '../modules/accounts/repo.ts';
import { liveTrades } from '../modules/trading/repo.ts';
import type { TradingService } from '../modules/trading/service.ts';
import { floatingPnl } from '../modules/trading/valuation.ts';
import type { Bus, BusEvents } from '../realtime/bus.ts';
import { type AccountSnapshot, accountSnapshot, type TradeSnapshot, tradeSnapshot } from './snapshots.ts';
import { type Fired, type TriggerEntry, TriggerIndex } from './TriggerIndex.ts';

interface Position {
  trade: TradeSnapshot;
  /** Floating P/L in the account currency at the last tick of its instrument. */
  pnlAcct: number;
}

interface AccountState {
  snap: AccountSnapshot;
  /** Open positions by instrument, so a tick revalues only the positions it moves. */
  byAsset: Map<number, Map<number, Position>>;
  pending: Set<number>;
  marginCents: number;
  floating: number;
  state: RiskState;
  stoppingOut: boolean;
}

/** Closed trades remember their last revision this long (by count), so a late older snapshot cannot revive them. */
const TOMBSTONES = 100_000;
const EXPIRY_SWEEP_MS = 1_000;

/**
 * The server-side risk engine (DESIGN §7). Holds every open position and pending order in memory:
 * per instrument, trigger levels in sorted structures ({@link TriggerIndex}), so a tick touches only
 * what it crossed; per account, margin and floating P/L kept incrementally, so a tick revalues only
 * the accounts holding that instrument. Crossed levels, stop-outs and expiries execute through the
 * trading service, which re-checks state in its transaction. State arrives as `risk.sync` snapshots
 * after each commit and is rebuilt from the database at start.
 */
export class RiskEngine {
  private readonly index = new TriggerIndex();
  private readonly accounts = new Map<number, AccountState>();
  /** Accounts holding an open position per instrument. */
  private readonly holders = new Map<number, Set<number>>();
  private readonly live = new Map<number, TradeSnapshot>();
  private readonly revisions = new Map<number, number>();
  private readonly expiries = new Map<number, number>();
  private readonly inflight = new Set<Promise<unknown>>();
  private readonly openCache = new Map<number, { at: number; open: boolean }>();
  private unsubscribe: (() => void)[] = [];
  private sweepTimer: NodeJS.Timeout | undefined;
  /** Bumped by each start and stop, so a rebuild overtaken by a stop does not apply what it read. */
  private generation = 0;

  constructor(
    private readonly deps: {
      db: Db;
      market: MarketData;
      bus: Bus;
      clock: Clock;
      trading: TradingService;
      log: FastifyBaseLogger;
    },
  ) {}

  /**
   * Rebuilds from the database, then follows ticks and trading changes. Called again (a node that
   * takes the `risk` role back), it drops what it held and rebuilds from scratch.
   */
  async start(): Promise<void> {
    this.detach();
    const generation = ++this.generation;
    for (const id of [...this.live.keys()]) this.remove(id);
    this.accounts.clear();
    this.holders.clear();
    this.revisions.clear();
    this.expiries.clear();
    this.openCache.clear();
    // Follow changes before reading, so a commit during the rebuild is not missed; revisions order the two.
    this.unsubscribe = [
      this.deps.bus.subscribe('risk.sync', (s) => this.onSync(s)),
      this.deps.bus.subscribe('price.ticks', (t) => this.onTicks(t)),
      this.deps.bus.subscribe('settings.updated', () => this.track(this.reloadLevels(), -1)),
    ];
    this.sweepTimer = setInterval(() => this.sweepExpired(), EXPIRY_SWEEP_MS);
    this.sweepTimer.unref();
    const rows = await liveTrades(this.deps.db);
    const accounts = await accountsWithLevels(this.deps.db, [
      ...new Set(rows.map((r) => r.tradingAccountId)),
    ]);
    // A stop (the role was lost) or a newer start overtook this rebuild.
    if (generation !== this.generation) return;
    for (const a of accounts) {
      const levels =
        a.marginCallLevel === null || a.stopOutLevel === null
          ? DEFAULT_RISK_LEVELS
          : { marginCall: a.marginCallLevel, stopOut: a.stopOutLevel };
      this.onSync({
        account: accountSnapshot(a.account, levels),
        trades: rows
          .filter((r) => r.tradingAccountId === a.account.id)
          .map((r) => tradeSnapshot(r, a.account.revision)),
      });
    }
  }

  /** Resolves once every execution started so far (and any it led to) has finished. */
  async idle(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }

  /** Stops following ticks (the role moved to another node, or shutdown) and waits for executions under way. */
  async stop(): Promise<void> {
    this.generation++;
    this.detach();
    await this.idle();
  }

  async close(): Promise<void> {
    await this.stop();
  }

  private detach(): void {
    for (const u of this.unsubscribe) u();
    this.unsubscribe = [];
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
  }

  /** Staff changed a plan: every tracked account takes its plan's levels as they now stand. */
  private async reloadLevels(): Promise<void> {
    const rows = await accountsWithLevels(this.deps.db, [...this.accounts.keys()]);
    for (const r of rows) {
      const state = this.accounts.get(r.account.id);
      if (!state || r.marginCallLevel === null || r.stopOutLevel === null) continue;
      state.snap = { ...state.snap, marginCallLevel: r.marginCallLevel, stopOutLevel: r.stopOutLevel };
      this.evaluate(state);
    }
  }

  /** Whether the engine follows ticks now (this node holds the `risk` role). */
  get running(): boolean {
    return this.unsubscribe.length > 0;
  }

  /**
   * The accounts at or below their margin-call level as the engine sees them now (the back office's
   * dashboard): a read of its incremental state, no database call.
   */
  accountsAtRisk(): { accountId: number; marginLevel: number; marginCents: number; floating: number }[] {
    const out: { accountId: number; marginLevel: number; marginCents: number; floating: number }[] = [];
    for (const a of this.accounts.values()) {
      if (a.state === 'ok' || a.marginCents === 0) continue;
      const level = summarizeTotals({
        balance: a.snap.balanceCents / 100,
        credit: a.snap.creditCents / 100,
        margin: a.marginCents / 100,
        pnl: a.floating,
      }).marginLevel;
      out.push({
        accountId: a.snap.id,
        marginLevel: level,
        marginCents: a.marginCents,
        floating: a.floating,
      });
    }
    return out;
  }

  /** Numbers for health checks and benchmarks. */
  stats() {
    return { accounts: this.accounts.size, trades: this.live.size, triggers: this.index.size };
  }

  /** Cancels pending orders whose expiry has passed (run every second; tests call it directly). */
  sweepExpired(): void {
    const now = this.deps.clock.now().getTime();
    for (const [tradeId, at] of this.expiries) {
      if (at > now) continue;
      this.expiries.delete(tradeId);
      this.index.remove(tradeId);
      this.track(this.deps.trading.expire(tradeId), tradeId);
    }
  }

  private onSync({ account, trades }: BusEvents['risk.sync']): void {
    let state = this.accounts.get(account.id);
    if (state && account.revision >= state.snap.revision) state.snap = account;
    for (const t of trades) {
      if (t.revision < (this.revisions.get(t.id) ?? -1)) continue;
      this.revisions.set(t.id, t.revision);
      if (t.status === 'open' || t.status === 'pending') {
        if (!state) {
          state = this.newAccount(account);
          this.accounts.set(account.id, state);
        }
        this.upsert(state, t);
      } else {
        this.remove(t.id);
        this.forgetOldest();
      }
    }
    if (state) {
      this.recomputeMargin(state);
      if (state.byAsset.size === 0 && state.pending.size === 0) this.accounts.delete(account.id);
      else this.evaluate(state);
    }
  }

  private newAccount(snap: AccountSnapshot): AccountState {
    return {
      snap,
      byAsset: new Map(),
      pending: new Set(),
      marginCents: 0,
      floating: 0,
      state: 'ok',
      stoppingOut: false,
    };
  }

  private upsert(account: AccountState, t: TradeSnapshot): void {
    this.remove(t.id);
    this.live.set(t.id, t);
    if (t.status === 'pending') {
      account.pending.add(t.id);
      if (t.expiresAt !== null) this.expiries.set(t.id, t.expiresAt);
    } else {
      let positions = account.byAsset.get(t.assetId);
      if (!positions) {
        positions = new Map();
        account.byAsset.set(t.assetId, positions);
      }
      const position: Position = { trade: t, pnlAcct: 0 };
      positions.set(t.id, position);
      let holders = this.holders.get(t.assetId);
      if (!holders) {
        holders = new Set();
        this.holders.set(t.assetId, holders);
      }
      holders.add(account.snap.id);
      const q = this.quoteOf(t.assetId);
      if (q) this.revalue(account, position, q);
    }
    this.reindex(t);
  }

  private remove(tradeId: number): void {
    const t = this.live.get(tradeId);
    if (!t) return;
    this.live.delete(tradeId);
    this.index.remove(tradeId);
    this.expiries.delete(tradeId);
    const account = this.accounts.get(t.accountId);
    if (!account) return;
    account.pending.delete(tradeId);
    const positions = account.byAsset.get(t.assetId);
    const position = positions?.get(tradeId);
    if (!positions || !position) return;
    account.floating -= position.pnlAcct;
    positions.delete(tradeId);
    if (positions.size === 0) {
      account.byAsset.delete(t.assetId);
      this.holders.get(t.assetId)?.delete(account.snap.id);
    }
  }

  private forgetOldest(): void {
    if (this.revisions.size <= TOMBSTONES) return;
    for (const id of this.revisions.keys()) {
      if (this.live.has(id)) continue;
      this.revisions.delete(id);
      if (this.revisions.size <= TOMBSTONES) return;
    }
  }

  /** Puts a live trade's levels back in the index (after a change, or an execution that did nothing). */
  private reindex(t: TradeSnapshot): void {
    const entries: TriggerEntry[] = [];
    if (t.status === 'pending' && t.entryPrice !== null && t.orderType !== 'market') {
      entries.push({ kind: t.orderType, level: t.entryPrice });
    } else if (t.status === 'open') {
      if (t.stopLoss) entries.push({ kind: 'stop_loss', level: t.stopLoss });
      if (t.takeProfit) entries.push({ kind: 'take_profit', level: t.takeProfit });
    }
    this.index.set(t.id, t.assetId, t.side, entries);
  }

  private recomputeMargin(account: AccountState): void {
    let margin = 0;
    let floating = 0;
    for (const positions of account.byAsset.values()) {
      for (const p of positions.values()) {
        margin += p.trade.marginCents;
        floating += p.pnlAcct;
      }
    }
    account.marginCents = margin;
    account.floating = floating;
  }

  private quoteOf(assetId: number): Quote | undefined {
    const instrument = this.deps.market.instrument(assetId);
    const live = this.deps.market.quote(assetId);
    return instrument && live ? quote(live.price, instrument.buySpread, instrument.sellSpread) : undefined;
  }

  private revalue(account: AccountState, position: Position, q: Quote): void {
    const instrument = this.deps.market.instrument(position.trade.assetId);
    if (!instrument) return;
    let next: number;
    try {
      next = floatingPnl(position.trade, instrument, q, account.snap.currency, this.deps.market.rate);
    } catch {
      return; // no conversion rate yet: keep the last value
    }
    account.floating += next - position.pnlAcct;
    position.pnlAcct = next;
  }

  /** Whether an instrument's market is open, re-read at most once a second (time-zone maths is slow). */
  private marketOpen(assetId: number): boolean {
    const now = this.deps.clock.now();
    const cached = this.openCache.get(assetId);
    if (cached && Math.abs(now.getTime() - cached.at) < 1_000) return cached.open;
    const instrument = this.deps.market.instrument(assetId);
    const open = instrument ? isMarketOpen(instrumentSchedule(instrument), now) : false;
    this.openCache.set(assetId, { at: now.getTime(), open });
    return open;
  }

  private onTicks(ticks: Tick[]): void {
    for (const tick of ticks) {
      const instrument = this.deps.market.instrument(tick.assetId);
      if (!instrument) continue;
      const q = quote(tick.price, instrument.buySpread, instrument.sellSpread);
      const fired = this.index.crossed(tick.assetId, q.bid, q.ask);
      if (fired.length > 0) this.execute(fired, q);
      const holders = this.holders.get(tick.assetId);
      if (!holders) continue;
      for (const accountId of holders) {
        const account = this.accounts.get(accountId);
        const positions = account?.byAsset.get(tick.assetId);
        if (!account || !positions) continue;
        for (const p of positions.values()) this.revalue(account, p, q);
        this.evaluate(account, tick.assetId);
      }
    }
  }

  private execute(fired: Fired[], q: Quote): void {
    const assetId = fired[0]?.assetId;
    if (assetId === undefined) return;
    const open = this.marketOpen(assetId);
    for (const f of fired) {
      const t = this.live.get(f.tradeId);
      if (!t) continue;
      if (!open) {
        this.reindex(t);
        continue;
      }
      const run =
        f.kind === 'stop_loss' || f.kind === 'take_profit'
          ? this.deps.trading.executeStop(f.tradeId, f.kind as StopTrigger, q)
          : this.deps.trading.fillPending(f.tradeId, q);
      this.track(run, f.tradeId);
    }
  }

  /** Runs an execution; if it did nothing or failed, the trade's levels go back in the index. */
  private track(run: Promise<unknown>, tradeId: number): void {
    const p = run
      .then((result) => {
        if (result === null) this.restore(tradeId);
      })
      .catch((e: unknown) => {
        this.deps.log.error({ err: e, tradeId }, 'risk execution failed');
        this.restore(tradeId);
      })
      .finally(() => this.inflight.delete(p));
    this.inflight.add(p);
  }

  private restore(tradeId: number): void {
    const t = this.live.get(tradeId);
    if (!t) return;
    this.reindex(t);
    if (t.status === 'pending' && t.expiresAt !== null) this.expiries.set(t.id, t.expiresAt);
  }

  /** Margin call once per episode; stop-out through the trading service, one at a time per account. */
  private evaluate(account: AccountState, tickedAsset?: number): void {
    if (account.marginCents === 0) {
      account.state = 'ok';
      return;
    }
    const level = summarizeTotals({
      balance: account.snap.balanceCents / 100,
      credit: account.snap.creditCents / 100,
      margin: account.marginCents / 100,
      pnl: account.floating,
    }).marginLevel;
    const state = riskState(level, {
      marginCall: account.snap.marginCallLevel,
      stopOut: account.snap.stopOutLevel,
    });
    const previous = account.state;
    account.state = state;
    if (
      state === 'stop_out' &&
      !account.stoppingOut &&
      (tickedAsset === undefined || this.marketOpen(tickedAsset))
    ) {
      account.stoppingOut = true;
      const run = this.deps.trading.stopOut(account.snap.id).finally(() => {
        account.stoppingOut = false;
      });
      this.track(
        run.then(() => undefined),
        -1,
      );
      return;
    }
    if (state === 'margin_call' && previous === 'ok') {
      this.track(
        this.deps.trading.marginCall(account.snap.id, level).then(() => undefined),
        -1,
      );
    }
  }
}

import { z } from 'zod';
import { SIDES } from '../orders/side.ts';
import { slTpTriggered } from '../orders/stops.ts';
import type { Bar, EngineTick, Intent, RunPosition } from './contract.ts';
import { fmtPrice } from './strategies/common.ts';
import { type BoundContext, type BoundStrategy, type ParamErrors, strategyOf } from './strategies/index.ts';

/**
 * The strategy engine (DESIGN §13): one per run, shared by the live runner and the backtest so the
 * same ticks make the same trades. It builds bars of the strategy's timeframe from ticks, keeps the
 * run's positions as the executor confirms them, closes positions whose stop-loss or take-profit the
 * tick crosses (so exits do not depend on which of the server's trigger and the run acts first),
 * and asks the strategy for intents. It never acts itself: the caller executes the intents it
 * returns and confirms what happened. Deterministic: same ticks and confirmations, same intents.
 */

export class StrategyConfigError extends Error {
  constructor(
    message: string,
    readonly errors: ParamErrors,
  ) {
    super(message);
    this.name = 'StrategyConfigError';
  }
}

const barSchema = z.object({
  time: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
});
const positionSchema = z.object({
  id: z.number().int(),
  side: z.enum(SIDES),
  lots: z.number(),
  openPrice: z.number(),
  openTime: z.number(),
  stopLoss: z.number().nullable(),
  takeProfit: z.number().nullable(),
});

/** A run's resumable state, stored as JSON (advisor_runs.state). */
export const engineSnapshotSchema = z.object({
  version: z.literal(1),
  strategy: z.string(),
  bars: z.array(barSchema),
  forming: barSchema.nullable(),
  state: z.record(z.string(), z.unknown()),
  positions: z.array(positionSchema),
  /** Positions a close was asked for and not yet confirmed: not asked again, hidden from the strategy. */
  closing: z.array(z.number().int()),
});
export type EngineSnapshot = z.infer<typeof engineSnapshotSchema>;

const isGoodTick = (t: EngineTick) =>
  Number.isFinite(t.time) &&
  Number.isFinite(t.mid) &&
  Number.isFinite(t.bid) &&
  Number.isFinite(t.ask) &&
  t.mid > 0;

const jsonClone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export class StrategyEngine {
  readonly strategy: BoundStrategy;
  private closed: Bar[] = [];
  private formingBar: Bar | null = null;
  private runState: Record<string, unknown> = {};
  private open: RunPosition[] = [];
  private closing = new Set<number>();

  /** Throws {@link StrategyConfigError} on an unknown strategy, bad parameters or a bad snapshot. */
  constructor(strategyKey: string, params: unknown, snapshot?: unknown) {
    const entry = strategyOf(strategyKey);
    if (entry === undefined) {
      throw new StrategyConfigError(`Unknown strategy: ${strategyKey}`, { strategy: ['Unknown strategy'] });
    }
    const bound = entry.bind(params);
    if (!bound.ok) throw new StrategyConfigError(`Invalid parameters for ${strategyKey}`, bound.errors);
    this.strategy = bound.strategy;
    if (snapshot !== undefined && snapshot !== null) this.restore(snapshot);
  }

  /** The constructor without throwing. */
  static create(
    strategyKey: string,
    params: unknown,
    snapshot?: unknown,
  ): { ok: true; engine: StrategyEngine } | { ok: false; errors: ParamErrors } {
    try {
      return { ok: true, engine: new StrategyEngine(strategyKey, params, snapshot) };
    } catch (error) {
      if (error instanceof StrategyConfigError) return { ok: false, errors: error.errors };
      throw error;
    }
  }

  get timeframeMs(): number {
    return this.strategy.timeframeMs;
  }
  get lookback(): number {
    return this.strategy.lookback;
  }
  /** Closed bars, oldest first, at most `lookback`. */
  get bars(): readonly Bar[] {
    return this.closed;
  }
  get forming(): Readonly<Bar> | null {
    return this.formingBar;
  }
  /** Every position the run holds, including ones being closed. */
  get positions(): readonly RunPosition[] {
    return this.open;
  }
  get state(): Readonly<Record<string, unknown>> {
    return this.runState;
  }

  /** The bucket (bar open time) a moment belongs to. */
  bucketOf(time: number): number {
    return Math.floor(time / this.strategy.timeframeMs) * this.strategy.timeframeMs;
  }

  /**
   * Seeds history with closed bars of the strategy's timeframe (the live runner loads stored
   * candles; see `resampleBars`). Bars at or after the forming bar are ignored; the latest
   * `lookback` are kept after any already held.
   */
  warm(bars: readonly Bar[]): void {
    const limit = this.formingBar?.time ?? Number.POSITIVE_INFINITY;
    const lastHeld = this.closed[this.closed.length - 1]?.time ?? Number.NEGATIVE_INFINITY;
    const fresh = [...bars]
      .filter((b) => b.time < limit && b.time > lastHeld && Number.isFinite(b.close))
      .sort((a, b) => a.time - b.time)
      .map((b) => ({ time: b.time, open: b.open, high: b.high, low: b.low, close: b.close }));
    this.closed = [...this.closed, ...fresh].slice(-this.strategy.lookback);
  }

  /** Feeds one tick; gives the intents to execute, protective closes first. */
  onTick(tick: EngineTick): Intent[] {
    if (!isGoodTick(tick)) return [];
    const barClosed = this.addToBars(tick);
    const intents: Intent[] = [];
    for (const pos of this.open) {
      if (this.closing.has(pos.id)) continue;
      const hit = slTpTriggered(pos.side, tick, pos.stopLoss, pos.takeProfit);
      if (hit === null) continue;
      const level = hit === 'stop_loss' ? pos.stopLoss : pos.takeProfit;
      const price = pos.side === 'buy' ? `bid ${fmtPrice(tick.bid)}` : `ask ${fmtPrice(tick.ask)}`;
      this.closing.add(pos.id);
      intents.push({
        type: 'close',
        positionId: pos.id,
        reason: `${hit === 'stop_loss' ? 'Stop loss' : 'Take profit'} ${fmtPrice(level ?? 0)} reached (${price})`,
      });
    }
    if (barClosed) intents.push(...this.accept(this.strategy.onBar(this.context(tick))));
    const onTick = this.strategy.onTick;
    if (onTick !== null) intents.push(...this.accept(onTick(this.context(tick))));
    return intents;
  }

  /** The executor opened a position for this run. */
  confirmOpen(position: RunPosition): void {
    const copy = { ...position };
    const at = this.open.findIndex((p) => p.id === position.id);
    if (at >= 0) this.open[at] = copy;
    else this.open.push(copy);
  }

  /** The position is closed (by the run, by the server's SL/TP, by staff or a stop-out). */
  confirmClose(id: number): void {
    this.open = this.open.filter((p) => p.id !== id);
    this.closing.delete(id);
  }

  /** The position's stop-loss was changed. */
  confirmModify(id: number, stopLoss: number | null): void {
    const pos = this.open.find((p) => p.id === id);
    if (pos !== undefined) pos.stopLoss = stopLoss;
  }

  /** A close was not carried out and the position is still open: it may be asked for again. */
  releaseClose(id: number): void {
    this.closing.delete(id);
  }

  /**
   * Replaces the held positions with the run's open trades as stored (after a restart or takeover
   * the database, not the snapshot, is the truth). Pending closes of positions still open are kept.
   */
  reconcile(positions: readonly RunPosition[]): void {
    this.open = positions.map((p) => ({ ...p }));
    const ids = new Set(this.open.map((p) => p.id));
    for (const id of [...this.closing]) if (!ids.has(id)) this.closing.delete(id);
  }

  /** Everything needed to resume, as JSON. */
  snapshot(): EngineSnapshot {
    return jsonClone({
      version: 1 as const,
      strategy: this.strategy.key,
      bars: this.closed,
      forming: this.formingBar,
      state: this.runState,
      positions: this.open,
      closing: [...this.closing].sort((a, b) => a - b),
    });
  }

  private restore(raw: unknown): void {
    const parsed = engineSnapshotSchema.safeParse(raw);
    if (!parsed.success) {
      throw new StrategyConfigError('Invalid engine snapshot', {
        snapshot: parsed.error.issues.map((i) => i.message),
      });
    }
    const s = parsed.data;
    if (s.strategy !== this.strategy.key) {
      throw new StrategyConfigError('Snapshot of another strategy', {
        snapshot: [`Snapshot of ${s.strategy}`],
      });
    }
    this.closed = s.bars.slice(-this.strategy.lookback);
    this.formingBar = s.forming;
    this.runState = jsonClone(s.state);
    this.open = s.positions.map((p) => ({ ...p }));
    const ids = new Set(this.open.map((p) => p.id));
    this.closing = new Set(s.closing.filter((id) => ids.has(id)));
  }

  /** Adds the tick's mid to the forming bar; true when it closed the previous bar. */
  private addToBars(tick: EngineTick): boolean {
    const bucket = this.bucketOf(tick.time);
    const mid = tick.mid;
    if (this.formingBar === null) {
      const last = this.closed[this.closed.length - 1];
      if (last !== undefined && last.time > bucket) return false; // older than history: not a bar price
      if (last !== undefined && last.time === bucket) {
        // A warmed history may end with the bar still forming (the current candle): carry on with it.
        this.closed.pop();
        this.formingBar = last;
        this.extend(mid);
      } else {
        this.formingBar = { time: bucket, open: mid, high: mid, low: mid, close: mid };
      }
      return false;
    }
    if (bucket > this.formingBar.time) {
      this.closed.push(this.formingBar);
      if (this.closed.length > this.strategy.lookback)
        this.closed.splice(0, this.closed.length - this.strategy.lookback);
      this.formingBar = { time: bucket, open: mid, high: mid, low: mid, close: mid };
      return true;
    }
    // Same bucket, or a late tick from an earlier one: it still moves the bar being formed.
    this.extend(mid);
    return false;
  }

  private extend(mid: number): void {
    const bar = this.formingBar;
    if (bar === null) return;
    bar.high = Math.max(bar.high, mid);
    bar.low = Math.min(bar.low, mid);
    bar.close = mid;
  }

  private context(tick: EngineTick): BoundContext {
    return {
      bars: this.closed,
      tick,
      positions: this.open.filter((p) => !this.closing.has(p.id)),
      state: this.runState,
    };
  }

  /** Drops intents about positions the run does not hold or is already closing; marks new closes. */
  private accept(intents: readonly Intent[]): Intent[] {
    const out: Intent[] = [];
    for (const intent of intents) {
      if (intent.type === 'open') {
        if (Number.isFinite(intent.lots) && intent.lots > 0) out.push(intent);
        continue;
      }
      const pos = this.open.find((p) => p.id === intent.positionId);
      if (pos === undefined || this.closing.has(pos.id)) continue;
      if (intent.type === 'close') this.closing.add(pos.id);
      else if (intent.stopLoss === pos.stopLoss) continue;
      out.push(intent);
    }
    return out;
  }
}

/**
 * Stored candles of one interval regrouped into bars of `timeframeMs` (a multiple of the candle
 * interval, e.g. 1m candles into 15m bars), for `warm` and backtests. Bars finer than the candles
 * cannot be made from them: each candle then stays one bar.
 */
export function resampleBars(candles: readonly Bar[], timeframeMs: number): Bar[] {
  const out: Bar[] = [];
  const sorted = [...candles].sort((a, b) => a.time - b.time);
  for (const c of sorted) {
    const bucket = Math.floor(c.time / timeframeMs) * timeframeMs;
    const last = out[out.length - 1];
    if (last !== undefined && last.time === bucket) {
      last.high = Math.max(last.high, c.high);
      last.low = Math.min(last.low, c.low);
      last.close = c.close;
    } else {
      out.push({ time: bucket, open: c.open, high: c.high, low: c.low, close: c.close });
    }
  }
  return out;
}

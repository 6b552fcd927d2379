/**
 * One structure of the risk benchmark, measured in its own process (forked by run.ts) so its hot
 * loop's call sites see only its own class and its heap holds only its own data.
 *
 *   measure.ts <index|per-symbol|full> <ticks to replay> <runs> <symbols> <positions> <pending> <ticks> <seed>
 *
 * Sends `{ result, fired }` to the parent: the medians and every fired trade as [tradeId, kind].
 */
import {
  type PendingKind,
  pendingSide,
  pendingTriggered,
  type Quote,
  type Side,
  slTpTriggered,
} from '@openbroker/domain';
import { type Fired, TriggerIndex } from '@openbroker/server/src/risk/TriggerIndex.ts';
import { loadScenario, type Trigger } from './scenario.ts';

export type Structure = 'index' | 'per-symbol' | 'full';

export interface Measured {
  structure: Structure;
  ticks: number;
  quietTicks: number;
  /** Median ns per tick over the ticks in order. */
  allNs: number;
  /** Median ns per quiet tick, replayed against the end state. */
  quietNs: number;
  fired: number;
  /** Index only: ns per set() while building, heap entries held, memory held per trade. */
  buildNsPerSet: number;
  levels: number;
  heapBytesPerTrade: number;
}

export interface MeasureMessage {
  result: Measured;
  fired: [number, string][];
}

interface Engine {
  crossed(assetId: number, bid: number, ask: number): readonly Fired[];
}

/** One row of a scan: every trigger in the same shape, so the scan loop stays monomorphic. */
class Row {
  constructor(
    readonly tradeId: number,
    readonly assetId: number,
    readonly pending: boolean,
    readonly side: Side,
    readonly stopLoss: number,
    readonly takeProfit: number,
    readonly kind: PendingKind,
    readonly price: number,
  ) {}
}

const toRow = (t: Trigger): Row =>
  t.pending
    ? new Row(t.tradeId, t.assetId, true, pendingSide(t.kind), 0, 0, t.kind, t.price)
    : new Row(t.tradeId, t.assetId, false, t.side, t.stopLoss, t.takeProfit, 'buy_limit', 0);

const NONE: readonly Fired[] = [];

/**
 * Asks the domain functions about every row (of `assetId` only, when `matchAsset`); fired rows
 * are swap-removed, as the index forgets what fired.
 */
function scan(rows: Row[], assetId: number, q: Quote, matchAsset: boolean): readonly Fired[] {
  let out: Fired[] | null = null;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as Row;
    if (matchAsset && r.assetId !== assetId) continue;
    let kind: Fired['kind'] | null;
    let level: number;
    if (r.pending) {
      kind = pendingTriggered(r.kind, r.price, q) ? r.kind : null;
      level = r.price;
    } else {
      kind = slTpTriggered(r.side, q, r.stopLoss, r.takeProfit);
      level = kind === 'stop_loss' ? r.stopLoss : r.takeProfit;
    }
    if (kind === null) continue;
    out ??= [];
    out.push({ tradeId: r.tradeId, assetId, kind, level });
    rows[i] = rows[rows.length - 1] as Row;
    rows.pop();
    i--;
  }
  return out ?? NONE;
}

function buildIndex(triggers: readonly Trigger[]): TriggerIndex {
  const index = new TriggerIndex();
  for (const t of triggers) {
    if (t.pending) {
      index.set(t.tradeId, t.assetId, pendingSide(t.kind), [{ kind: t.kind, level: t.price }]);
    } else {
      index.set(t.tradeId, t.assetId, t.side, [
        { kind: 'stop_loss', level: t.stopLoss },
        { kind: 'take_profit', level: t.takeProfit },
      ]);
    }
  }
  return index;
}

class PerSymbolScan implements Engine {
  private readonly bySymbol: Row[][];
  private readonly q: Quote = { bid: 0, ask: 0 };
  constructor(symbols: number, triggers: readonly Trigger[]) {
    this.bySymbol = Array.from({ length: symbols }, () => []);
    for (const t of triggers) (this.bySymbol[t.assetId] as Row[]).push(toRow(t));
  }
  crossed(assetId: number, bid: number, ask: number): readonly Fired[] {
    this.q.bid = bid;
    this.q.ask = ask;
    return scan(this.bySymbol[assetId] as Row[], assetId, this.q, false);
  }
}

class FullScan implements Engine {
  private readonly rows: Row[];
  private readonly q: Quote = { bid: 0, ask: 0 };
  constructor(triggers: readonly Trigger[]) {
    this.rows = triggers.map(toRow);
  }
  crossed(assetId: number, bid: number, ask: number): readonly Fired[] {
    this.q.bid = bid;
    this.q.ask = ask;
    return scan(this.rows, assetId, this.q, true);
  }
}

/** A full collection between runs (the parent forks with --expose-gc), so no run pays for the last one's garbage. */
const collect = (): void => globalThis.gc?.();

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

const [structureArg = 'index', toArg = '0', runsArg = '5', ...scenarioArgs] = process.argv.slice(2);
const structure = structureArg as Structure;
const [symbols, positions, pending, tickCount, seed] = scenarioArgs.map(Number) as [
  number,
  number,
  number,
  number,
  number,
];
const { ticks, triggers } = loadScenario({ symbols, positions, pending, ticks: tickCount, seed });
const to = Number(toArg);
const runs = Number(runsArg);

const make = (): Engine =>
  structure === 'index'
    ? buildIndex(triggers)
    : structure === 'per-symbol'
      ? new PerSymbolScan(symbols, triggers)
      : new FullScan(triggers);

/** Replays ticks [0, to) untimed: what fired (tradeId → kind) and which ticks were quiet. */
function verify(engine: Engine) {
  const fired = new Map<number, string>();
  const quiet: number[] = [];
  for (let i = 0; i < to; i++) {
    const f = engine.crossed(ticks[i * 3] as number, ticks[i * 3 + 1] as number, ticks[i * 3 + 2] as number);
    if (f.length === 0) quiet.push(i);
    for (const x of f) {
      if (fired.has(x.tradeId)) throw new Error(`trade ${x.tradeId} fired twice`);
      fired.set(x.tradeId, x.kind);
    }
  }
  return { fired, quiet: Int32Array.from(quiet) };
}

/** Times ticks [0, to) in order: ns and fired count. */
function replayAll(engine: Engine): { ns: number; fired: number } {
  let fired = 0;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < to; i++) {
    const o = i * 3;
    fired += engine.crossed(ticks[o] as number, ticks[o + 1] as number, ticks[o + 2] as number).length;
  }
  return { ns: Number(process.hrtime.bigint() - t0), fired };
}

/** Times the listed ticks: ns and fired count (expected 0). */
function replayListed(engine: Engine, list: Int32Array): { ns: number; fired: number } {
  let fired = 0;
  const t0 = process.hrtime.bigint();
  for (let j = 0; j < list.length; j++) {
    const o = (list[j] as number) * 3;
    fired += engine.crossed(ticks[o] as number, ticks[o + 1] as number, ticks[o + 2] as number).length;
  }
  return { ns: Number(process.hrtime.bigint() - t0), fired };
}

// Verify once, warm up (replays until 400,000 ticks or 2 s have gone through, so a short prefix
// is optimised as well as the whole stream), then `runs` times: a fresh structure, the ticks in
// order (timed), then the quiet ticks again against the end state (timed).
const { fired, quiet } = verify(make());
for (
  let done = 0, start = Date.now();
  done < 400_000 && Date.now() - start < 2000;
  done += to + quiet.length
) {
  const engine = make();
  replayAll(engine);
  replayListed(engine, quiet);
}
const all: number[] = [];
const calm: number[] = [];
for (let run = 0; run < runs; run++) {
  const engine = make();
  collect();
  const a = replayAll(engine);
  if (a.fired !== fired.size) throw new Error(`${structure}: run ${run} fired ${a.fired}, not ${fired.size}`);
  const q = replayListed(engine, quiet);
  if (q.fired !== 0) throw new Error(`${structure}: ${q.fired} fired on quiet ticks`);
  all.push(a.ns / to);
  calm.push(q.ns / quiet.length);
}

/** Builds the index once: ns per set(), and the memory it holds (JS heap and typed-array stores) per trade. */
function measureBuild(): { ns: number; bytes: number; levels: number } {
  collect();
  const before = process.memoryUsage();
  const t0 = process.hrtime.bigint();
  const index = buildIndex(triggers);
  const ns = Number(process.hrtime.bigint() - t0) / triggers.length;
  collect();
  const after = process.memoryUsage();
  const bytes = after.heapUsed + after.external - before.heapUsed - before.external;
  return { ns, bytes: bytes / index.size, levels: index.storedEntries };
}

let buildNsPerSet = Number.NaN;
let levels = Number.NaN;
let heapBytesPerTrade = Number.NaN;
if (structure === 'index') {
  const builds = Array.from({ length: runs }, measureBuild);
  buildNsPerSet = median(builds.map((b) => b.ns));
  heapBytesPerTrade = median(builds.map((b) => b.bytes));
  levels = builds[0]?.levels ?? Number.NaN;
}

const message: MeasureMessage = {
  result: {
    structure,
    ticks: to,
    quietTicks: quiet.length,
    allNs: median(all),
    quietNs: median(calm),
    fired: fired.size,
    buildNsPerSet,
    levels,
    heapBytesPerTrade,
  },
  fired: [...fired],
};
process.send?.(message);

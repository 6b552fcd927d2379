/**
 * The risk benchmark's book and tick stream, deterministic under a seed: symbols with plausible
 * prices, open positions with SL and TP a few percent away, pending orders at valid levels, and a
 * random walk of quotes recorded once to `.data/` and replayed from there.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  closePrice,
  type PendingKind,
  quote,
  type Side,
  validatePendingPrice,
  validateStops,
} from '@openbroker/domain';

export interface Scenario {
  symbols: number;
  positions: number;
  pending: number;
  ticks: number;
  seed: number;
}

/** An open position's SL/TP, or a pending order's entry: the rows a risk engine watches. */
export type Trigger =
  | { tradeId: number; assetId: number; pending: false; side: Side; stopLoss: number; takeProfit: number }
  | { tradeId: number; assetId: number; pending: true; kind: PendingKind; price: number };

export interface Book {
  triggers: Trigger[];
  /** Ticks as consecutive (assetId, bid, ask) triples. */
  ticks: Float64Array;
}

/** mulberry32: a small, fast, seedable generator; good enough for synthetic market data. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (r: () => number, lo: number, hi: number) => lo + (hi - lo) * r();
const normal = (r: () => number) => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());

/** Per-tick volatility of the random walk (0.08 % of the rate, one standard deviation). */
const TICK_SIGMA = 0.0008;
const PENDING_KINDS: readonly PendingKind[] = ['buy_limit', 'buy_stop', 'sell_limit', 'sell_stop'];

interface Instrument {
  rate: number;
  spread: number;
}

/** Prices from 0.5 (an FX cross) to 20,000 (an index), log-uniform; spreads 0.5–5 basis points. */
function instruments(s: Scenario, r: () => number): Instrument[] {
  return Array.from({ length: s.symbols }, () => ({
    rate: Math.exp(between(r, Math.log(0.5), Math.log(20_000))),
    spread: between(r, 0.00005, 0.0005),
  }));
}

function triggers(s: Scenario, r: () => number, syms: readonly Instrument[]): Trigger[] {
  const out: Trigger[] = [];
  const pick = () => Math.floor(r() * s.symbols);
  for (let i = 0; i < s.positions; i++) {
    const assetId = pick();
    const { rate, spread } = syms[assetId] as Instrument;
    const q = quote(rate, spread, spread);
    const side: Side = r() < 0.5 ? 'buy' : 'sell';
    const ref = closePrice(side, q);
    const sl = between(r, 0.005, 0.05);
    const tp = between(r, 0.005, 0.05);
    const stopLoss = side === 'buy' ? ref * (1 - sl) : ref * (1 + sl);
    const takeProfit = side === 'buy' ? ref * (1 + tp) : ref * (1 - tp);
    const checked = validateStops(side, ref, takeProfit, stopLoss);
    if (!checked.ok) throw new Error(`invalid SL/TP generated for trade ${i + 1}`);
    out.push({ tradeId: i + 1, assetId, pending: false, side, stopLoss, takeProfit });
  }
  for (let i = 0; i < s.pending; i++) {
    const assetId = pick();
    const { rate, spread } = syms[assetId] as Instrument;
    const q = quote(rate, spread, spread);
    const kind = PENDING_KINDS[Math.floor(r() * PENDING_KINDS.length)] as PendingKind;
    const d = between(r, 0.002, 0.03);
    const price =
      kind === 'buy_limit'
        ? q.ask * (1 - d)
        : kind === 'buy_stop'
          ? q.ask * (1 + d)
          : kind === 'sell_limit'
            ? q.bid * (1 + d)
            : q.bid * (1 - d);
    if (!validatePendingPrice(kind, price, q).ok) throw new Error(`invalid ${kind} generated`);
    out.push({ tradeId: s.positions + i + 1, assetId, pending: true, kind, price });
  }
  return out;
}

function recordTicks(s: Scenario, r: () => number, syms: readonly Instrument[]): Float64Array {
  const rates = syms.map((x) => x.rate);
  const ticks = new Float64Array(s.ticks * 3);
  for (let i = 0; i < s.ticks; i++) {
    const assetId = Math.floor(r() * s.symbols);
    const rate = (rates[assetId] as number) * Math.exp(TICK_SIGMA * normal(r));
    rates[assetId] = rate;
    const { spread } = syms[assetId] as Instrument;
    const q = quote(rate, spread, spread);
    ticks[i * 3] = assetId;
    ticks[i * 3 + 1] = q.bid;
    ticks[i * 3 + 2] = q.ask;
  }
  return ticks;
}

const dataDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '.data');

/**
 * The book (rebuilt from the seed, it is cheap) and the tick stream, read from
 * `.data/ticks-…bin` when an earlier run recorded it, else recorded there now.
 */
export function loadScenario(s: Scenario): Book & { file: string; recorded: boolean } {
  const rBook = rng(s.seed);
  const syms = instruments(s, rBook);
  const book = triggers(s, rBook, syms);
  const file = path.join(dataDir, `ticks-${s.symbols}-${s.ticks}-${s.seed}.bin`);
  if (existsSync(file)) {
    const buf = readFileSync(file);
    const ticks = new Float64Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
    if (ticks.length !== s.ticks * 3)
      throw new Error(`${file} has ${ticks.length / 3} ticks, not ${s.ticks}`);
    return { triggers: book, ticks, file, recorded: false };
  }
  const ticks = recordTicks(s, rng(s.seed ^ 0x9e3779b9), syms);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, new Uint8Array(ticks.buffer));
  return { triggers: book, ticks, file, recorded: true };
}

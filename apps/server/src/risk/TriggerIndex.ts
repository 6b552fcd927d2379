import type { Side } from '@openbroker/domain';

/**
 * The risk engine's trigger index (DESIGN §7): per asset, every armed level (stop-loss,
 * take-profit, pending entry) sits in one of four binary heaps, keyed by the price that watches
 * it and the direction it fires in:
 *
 * | heap    | fires when  | kinds                       |
 * |---------|-------------|-----------------------------|
 * | bidUp   | bid ≥ level | buy take_profit, sell_limit |
 * | bidDown | bid ≤ level | buy stop_loss, sell_stop    |
 * | askUp   | ask ≥ level | sell stop_loss, buy_stop    |
 * | askDown | ask ≤ level | sell take_profit, buy_limit |
 *
 * Each heap is a min-heap on a key (the level for an "up" heap, minus the level for a "down"
 * heap), so the level nearest the market is always on top and a tick pops exactly the levels it
 * crossed: O(k log n) for k crossed levels. The four top keys of every asset are mirrored in one
 * flat array, so a tick where nothing crosses costs a slot look-up and four comparisons, with no
 * allocation. The conditions are the domain's (`slTpTriggered`, `pendingTriggered`), equality
 * included.
 *
 * Removal is lazy: a heap entry points at the record of the `set()` that put it there, and the
 * record dies when its trade is removed, set again or fires. Stale entries are dropped when
 * they reach the top and cross, or all at once when they outnumber the live ones in a heap, so a
 * heap never holds more than twice its live levels.
 */

export type TriggerKind = 'stop_loss' | 'take_profit' | 'buy_limit' | 'buy_stop' | 'sell_limit' | 'sell_stop';

export interface TriggerEntry {
  kind: TriggerKind;
  level: number;
}

export interface Fired {
  tradeId: number;
  assetId: number;
  kind: TriggerKind;
  level: number;
}

const BID_UP = 0;
const BID_DOWN = 1;
const ASK_UP = 2;
const ASK_DOWN = 3;

/** Which heap watches a level of this kind (DESIGN §6 trigger conditions). */
function heapOf(kind: TriggerKind, side: Side): number {
  switch (kind) {
    case 'stop_loss':
      return side === 'buy' ? BID_DOWN : ASK_UP;
    case 'take_profit':
      return side === 'buy' ? BID_UP : ASK_DOWN;
    case 'buy_limit':
      return ASK_DOWN;
    case 'buy_stop':
      return ASK_UP;
    case 'sell_limit':
      return BID_UP;
    case 'sell_stop':
      return BID_DOWN;
  }
}

const isUp = (heap: number): boolean => heap === BID_UP || heap === ASK_UP;
const keyOf = (heap: number, level: number): number => (isUp(heap) ? level : -level);

/** Whether a level in `heap` is crossed by this quote (the same test the heaps make). */
function crosses(heap: number, level: number, bid: number, ask: number): boolean {
  switch (heap) {
    case BID_UP:
      return bid >= level;
    case BID_DOWN:
      return bid <= level;
    case ASK_UP:
      return ask >= level;
    default:
      return ask <= level;
  }
}

/**
 * Kinds by code. The order is the order in which crossed levels of one trade are reported:
 * stop-loss before take-profit (as in `slTpTriggered`), then a pending kind.
 */
const KINDS: readonly TriggerKind[] = [
  'stop_loss',
  'take_profit',
  'buy_limit',
  'buy_stop',
  'sell_limit',
  'sell_stop',
];
const KIND_CODE: Readonly<Record<TriggerKind, number>> = {
  stop_loss: 0,
  take_profit: 1,
  buy_limit: 2,
  buy_stop: 3,
  sell_limit: 4,
  sell_stop: 5,
};
const priority = (code: number): number => Math.min(code >> 2, 2);

/**
 * One set() of a trade: its levels, normalised into one flat array of (code, level) pairs, where
 * code = kind code × 4 + heap, so firing reads one small array. Dead once the trade is removed,
 * set again or fired.
 */
class TradeRecord {
  alive = true;
  constructor(
    readonly tradeId: number,
    /** The asset's slot in the index. */
    readonly slot: number,
    readonly entries: readonly number[],
  ) {}
}

/** Fills vacated heap cells so the records array stays packed and drops its references. */
const VACANT = new TradeRecord(-1, -1, []);
VACANT.alive = false;

/**
 * A binary min-heap of (key, record): keys in a typed array, so sifting compares unboxed doubles;
 * the record tells whether the entry is still live without a map look-up.
 */
class LevelHeap {
  keys = new Float64Array(8);
  recs: TradeRecord[] = Array.from({ length: 8 }, () => VACANT);
  size = 0;
  /** Entries whose record died since they were pushed. */
  stale = 0;

  push(key: number, rec: TradeRecord): void {
    if (this.size === this.keys.length) this.resize(this.keys.length * 2);
    let i = this.size++;
    const { keys, recs } = this;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pk = keys[parent] as number;
      if (pk <= key) break;
      keys[i] = pk;
      recs[i] = recs[parent] as TradeRecord;
      i = parent;
    }
    keys[i] = key;
    recs[i] = rec;
  }

  /** Removes the top entry (the caller has read it from index 0). */
  pop(): void {
    const last = --this.size;
    const rec = this.recs[last] as TradeRecord;
    this.recs[last] = VACANT;
    if (last > 0) this.siftDown(0, this.keys[last] as number, rec);
  }

  /** Drops every dead entry, then restores the heap order in O(n). */
  compact(): void {
    const { keys, recs } = this;
    let n = 0;
    for (let i = 0; i < this.size; i++) {
      const rec = recs[i] as TradeRecord;
      if (!rec.alive) continue;
      keys[n] = keys[i] as number;
      recs[n] = rec;
      n++;
    }
    recs.fill(VACANT, n, this.size);
    this.size = n;
    this.stale = 0;
    for (let i = (n >> 1) - 1; i >= 0; i--) this.siftDown(i, keys[i] as number, recs[i] as TradeRecord);
    if (keys.length > 64 && n < keys.length >> 2) this.resize(Math.max(8, n * 2));
  }

  private siftDown(start: number, key: number, rec: TradeRecord): void {
    const { keys, recs } = this;
    const n = this.size;
    let i = start;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      const right = child + 1;
      if (right < n && (keys[right] as number) < (keys[child] as number)) child = right;
      const ck = keys[child] as number;
      if (ck >= key) break;
      keys[i] = ck;
      recs[i] = recs[child] as TradeRecord;
      i = child;
    }
    keys[i] = key;
    recs[i] = rec;
  }

  private resize(capacity: number): void {
    const keys = new Float64Array(capacity);
    keys.set(this.keys.subarray(0, this.size));
    const recs = this.recs.slice(0, this.size);
    for (let i = this.size; i < capacity; i++) recs.push(VACANT);
    this.keys = keys;
    this.recs = recs;
  }
}

/** Returned when nothing fires, so a quiet tick allocates nothing. Frozen: do not push to it. */
const NONE = Object.freeze<Fired[]>([]) as Fired[];

/** Asset ids below this (non-negative integers, as database ids are) find their slot by index. */
const DIRECT_LIMIT = 1 << 20;

export class TriggerIndex {
  private readonly trades = new Map<number, TradeRecord>();
  /**
   * The heaps of asset slot s at 4s + BID_UP, BID_DOWN, ASK_UP, ASK_DOWN. Slots are handed out
   * on an asset's first set() and kept.
   */
  private readonly heaps: LevelHeap[] = [];
  /** Per slot, the number of its trades in the index. */
  private readonly tradesIn: number[] = [];
  /**
   * Per slot, the keys on top of its four heaps (+∞ for an empty heap), side by side, so a quiet
   * tick reads 32 bytes instead of walking to four heaps. Refreshed after every change; only a
   * push can lower a heap's top, so a missed refresh would cost a slow path, never a missed fire.
   */
  private tops = new Float64Array(4 * 64).fill(Number.POSITIVE_INFINITY);
  /** Slot + 1 by asset id for small non-negative integer ids; 0 means none yet. */
  private direct = new Int32Array(0);
  /** Slot by asset id for any other id. */
  private readonly otherSlots = new Map<number, number>();

  /**
   * Replaces every trigger of a trade. `side` is the position's side (for stop_loss/take_profit);
   * pending kinds carry their own side. An empty list removes the trade. A level that can never
   * fire under the domain rules is left out (NaN; 0 for stop_loss/take_profit, which means "not
   * set"), and a trade left with no level is removed.
   */
  set(tradeId: number, assetId: number, side: Side, entries: readonly TriggerEntry[]): void {
    this.remove(tradeId);
    const flat: number[] = [];
    for (const { kind, level } of entries) {
      if (Number.isNaN(level)) continue;
      if (level === 0 && (kind === 'stop_loss' || kind === 'take_profit')) continue;
      flat.push(KIND_CODE[kind] * 4 + heapOf(kind, side), level);
    }
    if (flat.length === 0) return;
    const slot = this.slotFor(assetId);
    const rec = new TradeRecord(tradeId, slot, flat);
    this.trades.set(tradeId, rec);
    this.tradesIn[slot] = (this.tradesIn[slot] as number) + 1;
    for (let i = 0; i < flat.length; i += 2) {
      const h = (flat[i] as number) & 3;
      (this.heaps[slot * 4 + h] as LevelHeap).push(keyOf(h, flat[i + 1] as number), rec);
    }
    this.refresh(slot);
  }

  remove(tradeId: number): void {
    const rec = this.trades.get(tradeId);
    if (rec === undefined) return;
    this.drop(rec, -1, 0);
    this.refresh(rec.slot);
  }

  /**
   * Triggers crossed by this quote on this asset, at most one per trade, removed from the index
   * together with that trade's other triggers. The caller re-adds with set() if execution fails.
   * When several levels of one trade cross, stop_loss wins over take_profit, which wins over a
   * pending kind. The result is a fresh array, or a shared frozen empty one when nothing fires.
   */
  crossed(assetId: number, bid: number, ask: number): Fired[] {
    const slot = this.slotOf(assetId);
    if (slot < 0) return NONE;
    const tops = this.tops;
    const o = slot * 4;
    const nb = -bid;
    const na = -ask;
    if (
      !((tops[o + BID_UP] as number) <= bid) &&
      !((tops[o + BID_DOWN] as number) <= nb) &&
      !((tops[o + ASK_UP] as number) <= ask) &&
      !((tops[o + ASK_DOWN] as number) <= na)
    ) {
      return NONE;
    }
    // Only heaps whose top crossed are touched. Draining one can compact another, which only
    // raises that one's top, so a top read here is never above the heap's real top.
    const out: Fired[] = [];
    if ((tops[o + BID_UP] as number) <= bid) this.drain(slot, BID_UP, bid, assetId, bid, ask, out);
    if ((tops[o + BID_DOWN] as number) <= nb) this.drain(slot, BID_DOWN, nb, assetId, bid, ask, out);
    if ((tops[o + ASK_UP] as number) <= ask) this.drain(slot, ASK_UP, ask, assetId, bid, ask, out);
    if ((tops[o + ASK_DOWN] as number) <= na) this.drain(slot, ASK_DOWN, na, assetId, bid, ask, out);
    this.refresh(slot);
    return out.length > 0 ? out : NONE;
  }

  has(tradeId: number): boolean {
    return this.trades.has(tradeId);
  }

  /** Number of trades indexed. */
  get size(): number {
    return this.trades.size;
  }

  /** Diagnostics: heap entries held, live and stale; never more than twice the live levels. */
  get storedEntries(): number {
    let n = 0;
    for (const h of this.heaps) n += h.size;
    return n;
  }

  /** Diagnostics: heap entries held whose trade was since removed or replaced. */
  get staleEntries(): number {
    let n = 0;
    for (const h of this.heaps) n += h.stale;
    return n;
  }

  /** The asset's slot, or -1 if it never had a trigger. */
  private slotOf(assetId: number): number {
    if (Number.isInteger(assetId) && assetId >= 0 && assetId < DIRECT_LIMIT) {
      return assetId < this.direct.length ? (this.direct[assetId] as number) - 1 : -1;
    }
    return this.otherSlots.get(assetId) ?? -1;
  }

  /** The asset's slot, handed out now if it has none. */
  private slotFor(assetId: number): number {
    const known = this.slotOf(assetId);
    if (known >= 0) return known;
    const slot = this.tradesIn.length;
    this.tradesIn.push(0);
    for (let h = 0; h < 4; h++) this.heaps.push(new LevelHeap());
    if (this.tops.length < 4 * (slot + 1)) {
      const tops = new Float64Array(this.tops.length * 2).fill(Number.POSITIVE_INFINITY);
      tops.set(this.tops);
      this.tops = tops;
    }
    if (Number.isInteger(assetId) && assetId >= 0 && assetId < DIRECT_LIMIT) {
      if (assetId >= this.direct.length) {
        const direct = new Int32Array(
          Math.min(DIRECT_LIMIT, Math.max(assetId + 1, this.direct.length * 2, 64)),
        );
        direct.set(this.direct);
        this.direct = direct;
      }
      this.direct[assetId] = slot + 1;
    } else {
      this.otherSlots.set(assetId, slot);
    }
    return slot;
  }

  /** Copies the slot's four heap tops into `tops` after its heaps changed. */
  private refresh(slot: number): void {
    for (let i = slot * 4; i < slot * 4 + 4; i++) {
      const heap = this.heaps[i] as LevelHeap;
      this.tops[i] = heap.size > 0 ? (heap.keys[0] as number) : Number.POSITIVE_INFINITY;
    }
  }

  /** Pops every crossed entry of one heap; each live one fires its trade once. */
  private drain(
    slot: number,
    heapIndex: number,
    threshold: number,
    assetId: number,
    bid: number,
    ask: number,
    out: Fired[],
  ): void {
    const heap = this.heaps[slot * 4 + heapIndex] as LevelHeap;
    while (heap.size > 0 && (heap.keys[0] as number) <= threshold) {
      const key = heap.keys[0] as number;
      const rec = heap.recs[0] as TradeRecord;
      heap.pop();
      if (!rec.alive) {
        heap.stale--;
        continue;
      }
      // The first crossed level of the best priority; at least the one just popped crossed.
      const e = rec.entries;
      let best = -1;
      for (let i = 0; i < e.length; i += 2) {
        const code = e[i] as number;
        if (!crosses(code & 3, e[i + 1] as number, bid, ask)) continue;
        if (best < 0 || priority(code) < priority(e[best] as number)) best = i;
      }
      out.push({
        tradeId: rec.tradeId,
        assetId,
        kind: KINDS[(e[best] as number) >> 2] as TriggerKind,
        level: e[best + 1] as number,
      });
      this.drop(rec, heapIndex, key);
    }
  }

  /**
   * Forgets a trade: its heap entries turn stale. `poppedHeap`/`poppedKey` name the one entry
   * already taken out of its heap (not counted as stale), or -1 when none was. The caller
   * refreshes the slot's tops.
   */
  private drop(rec: TradeRecord, poppedHeap: number, poppedKey: number): void {
    rec.alive = false;
    this.trades.delete(rec.tradeId);
    const slot = rec.slot;
    const left = (this.tradesIn[slot] as number) - 1;
    this.tradesIn[slot] = left;
    if (left === 0) {
      // The asset's last trade: every entry left in its heaps is stale.
      for (let i = slot * 4; i < slot * 4 + 4; i++) (this.heaps[i] as LevelHeap).compact();
      return;
    }
    let skip = poppedHeap;
    const e = rec.entries;
    for (let i = 0; i < e.length; i += 2) {
      const h = (e[i] as number) & 3;
      if (h === skip && keyOf(h, e[i + 1] as number) === poppedKey) {
        skip = -1;
        continue;
      }
      const heap = this.heaps[slot * 4 + h] as LevelHeap;
      heap.stale++;
      if (heap.stale * 2 > heap.size) heap.compact();
    }
    // Popping a live entry shrank its heap, so the stale share there may have passed half too.
    if (poppedHeap >= 0) {
      const heap = this.heaps[slot * 4 + poppedHeap] as LevelHeap;
      if (heap.stale * 2 > heap.size) heap.compact();
    }
  }
}

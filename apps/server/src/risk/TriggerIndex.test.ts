import {
  type PendingKind,
  pendingTriggered,
  type Quote,
  type Side,
  type StopTrigger,
  slTpTriggered,
} from '@openbroker/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Fired, type TriggerEntry, TriggerIndex, type TriggerKind } from './TriggerIndex.ts';

const EURUSD = 1;
const GBPUSD = 2;

const byTrade = (fired: readonly Fired[]): Fired[] => [...fired].sort((a, b) => a.tradeId - b.tradeId);

describe('TriggerIndex (DESIGN §7)', () => {
  // A quote of bid 1.1000 / ask 1.1002; each level sits exactly on the price that watches it,
  // a hair inside (does not fire) or a hair past it (fires).
  const bid = 1.1;
  const ask = 1.1002;
  const eps = 1e-9;
  it.each<[TriggerKind, Side, number, boolean]>([
    // buy position, watched at the bid
    ['stop_loss', 'buy', bid, true],
    ['stop_loss', 'buy', bid + eps, true],
    ['stop_loss', 'buy', bid - eps, false],
    ['take_profit', 'buy', bid, true],
    ['take_profit', 'buy', bid - eps, true],
    ['take_profit', 'buy', bid + eps, false],
    // sell position, watched at the ask
    ['stop_loss', 'sell', ask, true],
    ['stop_loss', 'sell', ask - eps, true],
    ['stop_loss', 'sell', ask + eps, false],
    ['take_profit', 'sell', ask, true],
    ['take_profit', 'sell', ask + eps, true],
    ['take_profit', 'sell', ask - eps, false],
    // pending orders: buys watch the ask, sells the bid; `side` is ignored for them
    ['buy_limit', 'sell', ask, true],
    ['buy_limit', 'buy', ask + eps, true],
    ['buy_limit', 'buy', ask - eps, false],
    ['buy_stop', 'buy', ask, true],
    ['buy_stop', 'sell', ask - eps, true],
    ['buy_stop', 'buy', ask + eps, false],
    ['sell_limit', 'buy', bid, true],
    ['sell_limit', 'sell', bid - eps, true],
    ['sell_limit', 'sell', bid + eps, false],
    ['sell_stop', 'sell', bid, true],
    ['sell_stop', 'buy', bid + eps, true],
    ['sell_stop', 'sell', bid - eps, false],
  ])('%s of a %s at %s fires: %s', (kind, side, level, fires) => {
    const index = new TriggerIndex();
    index.set(7, EURUSD, side, [{ kind, level }]);
    const fired = index.crossed(EURUSD, bid, ask);
    if (fires) {
      expect(fired).toEqual([{ tradeId: 7, assetId: EURUSD, kind, level }]);
      expect(index.has(7)).toBe(false);
      expect(index.size).toBe(0);
    } else {
      expect(fired).toEqual([]);
      expect(index.has(7)).toBe(true);
      expect(index.size).toBe(1);
    }
  });

  it('returns the same empty array on every quiet tick (no allocation)', () => {
    const index = new TriggerIndex();
    index.set(1, EURUSD, 'buy', [
      { kind: 'stop_loss', level: 1.05 },
      { kind: 'take_profit', level: 1.15 },
    ]);
    const a = index.crossed(EURUSD, 1.1, 1.1002);
    const b = index.crossed(EURUSD, 1.12, 1.1202);
    const c = index.crossed(GBPUSD, 1.3, 1.3002);
    expect(a).toEqual([]);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
  });

  it('fires a trade once, and prefers stop_loss when SL and TP cross on the same quote', () => {
    const index = new TriggerIndex();
    // Levels the wrong way round: SL above TP on a buy, so a bid of 1.1 crosses both.
    index.set(1, EURUSD, 'buy', [
      { kind: 'take_profit', level: 1.09 },
      { kind: 'stop_loss', level: 1.11 },
    ]);
    // The same on a sell, watched at the ask.
    index.set(2, EURUSD, 'sell', [
      { kind: 'take_profit', level: 1.11 },
      { kind: 'stop_loss', level: 1.09 },
    ]);
    expect(byTrade(index.crossed(EURUSD, 1.1, 1.1002))).toEqual([
      { tradeId: 1, assetId: EURUSD, kind: 'stop_loss', level: 1.11 },
      { tradeId: 2, assetId: EURUSD, kind: 'stop_loss', level: 1.09 },
    ]);
    expect(index.size).toBe(0);
    expect(index.crossed(EURUSD, 1.1, 1.1002)).toEqual([]);
  });

  it('agrees with slTpTriggered on which level of a crossed pair wins', () => {
    const q: Quote = { bid: 1.1, ask: 1.1002 };
    expect(slTpTriggered('buy', q, 1.11, 1.09)).toBe('stop_loss');
    expect(slTpTriggered('sell', q, 1.09, 1.11)).toBe('stop_loss');
  });

  it('set() replaces every level of a trade: the old ones no longer fire', () => {
    const index = new TriggerIndex();
    index.set(1, EURUSD, 'buy', [
      { kind: 'stop_loss', level: 1.09 },
      { kind: 'take_profit', level: 1.12 },
    ]);
    index.set(1, EURUSD, 'buy', [{ kind: 'stop_loss', level: 1.05 }]);
    expect(index.size).toBe(1);
    expect(index.crossed(EURUSD, 1.09, 1.0902)).toEqual([]);
    expect(index.crossed(EURUSD, 1.12, 1.1202)).toEqual([]);
    expect(index.crossed(EURUSD, 1.05, 1.0502)).toEqual([
      { tradeId: 1, assetId: EURUSD, kind: 'stop_loss', level: 1.05 },
    ]);
  });

  it('set() can move a trade to another asset and another side', () => {
    const index = new TriggerIndex();
    index.set(1, EURUSD, 'buy', [{ kind: 'stop_loss', level: 1.09 }]);
    index.set(1, GBPUSD, 'sell', [{ kind: 'stop_loss', level: 1.31 }]);
    expect(index.crossed(EURUSD, 1.0, 1.0002)).toEqual([]);
    expect(index.crossed(GBPUSD, 1.2, 1.2002)).toEqual([]);
    expect(index.crossed(GBPUSD, 1.3098, 1.31)).toEqual([
      { tradeId: 1, assetId: GBPUSD, kind: 'stop_loss', level: 1.31 },
    ]);
  });

  it('set() with an empty list, or only unset (0) stop levels, removes the trade', () => {
    const index = new TriggerIndex();
    index.set(1, EURUSD, 'buy', [{ kind: 'stop_loss', level: 1.09 }]);
    index.set(1, EURUSD, 'buy', []);
    expect(index.has(1)).toBe(false);
    index.set(2, EURUSD, 'buy', [
      { kind: 'stop_loss', level: 0 },
      { kind: 'take_profit', level: 0 },
    ]);
    expect(index.has(2)).toBe(false);
    expect(index.size).toBe(0);
    expect(index.crossed(EURUSD, 0, 0.0002)).toEqual([]);
  });

  it('remove() forgets a trade; removing an unknown trade does nothing', () => {
    const index = new TriggerIndex();
    index.set(1, EURUSD, 'buy', [{ kind: 'stop_loss', level: 1.09 }]);
    index.set(2, EURUSD, 'buy', [{ kind: 'stop_loss', level: 1.08 }]);
    index.remove(1);
    index.remove(99);
    expect(index.has(1)).toBe(false);
    expect(index.size).toBe(1);
    expect(index.crossed(EURUSD, 1.085, 1.0852)).toEqual([]);
    expect(index.crossed(EURUSD, 1.08, 1.0802)).toEqual([
      { tradeId: 2, assetId: EURUSD, kind: 'stop_loss', level: 1.08 },
    ]);
  });

  it('a fired trade re-added with set() (failed execution) fires again on the next crossing quote', () => {
    const index = new TriggerIndex();
    const levels: TriggerEntry[] = [
      { kind: 'stop_loss', level: 1.09 },
      { kind: 'take_profit', level: 1.12 },
    ];
    index.set(1, EURUSD, 'buy', levels);
    expect(index.crossed(EURUSD, 1.08, 1.0802)).toHaveLength(1);
    expect(index.crossed(EURUSD, 1.08, 1.0802)).toEqual([]);
    index.set(1, EURUSD, 'buy', levels);
    expect(index.has(1)).toBe(true);
    expect(index.crossed(EURUSD, 1.085, 1.0852)).toEqual([
      { tradeId: 1, assetId: EURUSD, kind: 'stop_loss', level: 1.09 },
    ]);
    index.set(1, EURUSD, 'buy', levels);
    expect(index.crossed(EURUSD, 1.13, 1.1302)).toEqual([
      { tradeId: 1, assetId: EURUSD, kind: 'take_profit', level: 1.12 },
    ]);
  });

  it('fires every crossed trade of an asset in one tick, leaves the rest and the other assets alone', () => {
    const index = new TriggerIndex();
    // 100 buys on EURUSD with SL at 1.0900, 1.0899, …; a bid of 1.0850 crosses the first 51.
    for (let i = 0; i < 100; i++) {
      index.set(i, EURUSD, 'buy', [
        { kind: 'stop_loss', level: 1.09 - i * 0.0001 },
        { kind: 'take_profit', level: 1.2 },
      ]);
    }
    // The same levels on GBPUSD.
    for (let i = 100; i < 200; i++) {
      index.set(i, GBPUSD, 'buy', [{ kind: 'stop_loss', level: 1.09 - (i - 100) * 0.0001 }]);
    }
    // A pending sell stop on EURUSD that also crosses, and a buy limit that does not.
    index.set(500, EURUSD, 'sell', [{ kind: 'sell_stop', level: 1.086 }]);
    index.set(501, EURUSD, 'buy', [{ kind: 'buy_limit', level: 1.08 }]);

    const fired = index.crossed(EURUSD, 1.085, 1.0852);
    const expected = new Set<number>([500]);
    for (let i = 0; i < 100; i++) if (1.085 <= 1.09 - i * 0.0001) expected.add(i);
    expect(new Set(fired.map((f) => f.tradeId))).toEqual(expected);
    expect(fired).toHaveLength(expected.size);
    expect(fired.every((f) => f.assetId === EURUSD)).toBe(true);
    expect(fired.find((f) => f.tradeId === 500)?.kind).toBe('sell_stop');
    expect(index.size).toBe(202 - expected.size);
    expect(index.has(501)).toBe(true);
    for (let i = 100; i < 200; i++) expect(index.has(i)).toBe(true);
    expect(index.crossed(EURUSD, 1.085, 1.0852)).toEqual([]);
  });

  it('keeps its heaps compact under many set() calls on the same trades', () => {
    const index = new TriggerIndex();
    for (let round = 0; round < 2000; round++) {
      for (let id = 0; id < 10; id++) {
        index.set(id, EURUSD, 'buy', [
          { kind: 'stop_loss', level: 1 + ((round * 7 + id) % 50) / 1000 },
          { kind: 'take_profit', level: 1.2 + ((round * 3 + id) % 50) / 1000 },
        ]);
      }
    }
    expect(index.size).toBe(10);
    // 20 live levels; lazy deletion keeps at most about as many stale ones.
    expect(index.storedEntries).toBeLessThanOrEqual(2 * 20);
    expect(index.storedEntries - index.staleEntries).toBe(20);
    expect(byTrade(index.crossed(EURUSD, 0.5, 0.5002)).map((f) => f.kind)).toEqual(
      Array.from({ length: 10 }, () => 'stop_loss'),
    );
    expect(index.storedEntries).toBe(0);
  });

  it('counts stale entries exactly as trades fire, are replaced and removed', () => {
    const index = new TriggerIndex();
    // 40 buys with SL 1.00…1.39 and TP 2.39…2.00: 80 live levels in two heaps.
    for (let i = 0; i < 40; i++) {
      index.set(i, EURUSD, 'buy', [
        { kind: 'stop_loss', level: 1 + i / 100 },
        { kind: 'take_profit', level: 2.39 - i / 100 },
      ]);
    }
    const check = (live: number) => {
      expect(index.storedEntries - index.staleEntries).toBe(live);
      expect(index.storedEntries).toBeLessThanOrEqual(2 * live);
    };
    check(80);
    // A bid of 1.375 fires the SL of trades 39 and 38; their TPs (2.00, 2.01) turn stale.
    expect(byTrade(index.crossed(EURUSD, 1.375, 1.3752)).map((f) => f.tradeId)).toEqual([38, 39]);
    check(76);
    index.set(0, EURUSD, 'buy', [{ kind: 'stop_loss', level: 0.5 }]);
    check(75);
    index.remove(1);
    check(73);
    // A bid of 2.005 crosses the stale TP of 39 (dropped) but no live TP.
    expect(index.crossed(EURUSD, 2.005, 2.0052)).toEqual([]);
    check(73);
    for (let i = 0; i < 40; i++) index.remove(i);
    expect(index.size).toBe(0);
    expect(index.storedEntries).toBe(0);
  });

  it('fires a trade with two levels in one heap once, stop_loss first, and drops the other', () => {
    const index = new TriggerIndex();
    for (let i = 0; i < 10; i++) index.set(i, GBPUSD, 'buy', [{ kind: 'stop_loss', level: 0.5 + i / 100 }]);
    // A buy's stop-loss and a sell stop both watch bid ≤ level.
    index.set(50, GBPUSD, 'buy', [
      { kind: 'sell_stop', level: 0.9 },
      { kind: 'stop_loss', level: 0.9 },
    ]);
    expect(index.crossed(GBPUSD, 0.9, 0.9002)).toEqual([
      { tradeId: 50, assetId: GBPUSD, kind: 'stop_loss', level: 0.9 },
    ]);
    // The other level crossed too, so the same tick dropped it from the heap.
    expect(index.storedEntries).toBe(10);
    expect(index.staleEntries).toBe(0);
  });

  it('keeps any asset id apart: 0, negative, huge and fractional ids included', () => {
    const index = new TriggerIndex();
    const ids = [0, 1, -1, 2 ** 40, 1.5, 1 << 20, (1 << 20) - 1];
    ids.forEach((assetId, i) => {
      index.set(i, assetId, 'buy', [{ kind: 'stop_loss', level: 1 }]);
    });
    expect(index.crossed(12345, 0.5, 0.5002)).toEqual([]);
    ids.forEach((assetId, i) => {
      expect(index.crossed(assetId, 0.5, 0.5002)).toEqual([
        { tradeId: i, assetId, kind: 'stop_loss', level: 1 },
      ]);
      expect(index.size).toBe(ids.length - i - 1);
    });
  });

  it('ignores NaN levels, which never fire under the domain rules', () => {
    const index = new TriggerIndex();
    index.set(1, EURUSD, 'buy', [
      { kind: 'stop_loss', level: Number.NaN },
      { kind: 'take_profit', level: 1.2 },
    ]);
    expect(index.crossed(EURUSD, 0.5, 0.5002)).toEqual([]);
    expect(index.crossed(EURUSD, 1.2, 1.2002)).toEqual([
      { tradeId: 1, assetId: EURUSD, kind: 'take_profit', level: 1.2 },
    ]);
  });

  describe('property: agrees with a linear scan using the domain functions', () => {
    type ModelTrade =
      | { assetId: number; type: 'position'; side: Side; sl: number | null; tp: number | null }
      | { assetId: number; type: 'pending'; kind: PendingKind; price: number };
    type Op =
      | { op: 'set'; tradeId: number; trade: ModelTrade }
      | { op: 'remove'; tradeId: number }
      | { op: 'tick'; assetId: number; step: number; jump: number | null; spread: number };

    // Prices on a coarse grid so that levels often sit exactly on the bid or the ask.
    const price = fc.integer({ min: 1, max: 16 }).map((n) => n / 8);
    // 5,000,000 is beyond the directly indexed ids, so the fallback map is exercised too.
    const assetId = fc.constantFrom(1, 2, 5_000_000);
    const tradeId = fc.integer({ min: 1, max: 40 });
    const position = fc.record({
      assetId,
      type: fc.constant('position' as const),
      side: fc.constantFrom<Side>('buy', 'sell'),
      sl: fc.option(price, { nil: null }),
      tp: fc.option(price, { nil: null }),
    });
    const pending = fc.record({
      assetId,
      type: fc.constant('pending' as const),
      kind: fc.constantFrom<PendingKind>('buy_limit', 'buy_stop', 'sell_limit', 'sell_stop'),
      price,
    });
    const op: fc.Arbitrary<Op> = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          op: fc.constant('set' as const),
          tradeId,
          trade: fc.oneof(position, pending),
        }),
      },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('remove' as const), tradeId }) },
      {
        // Mostly a random walk of the bid by up to two grid steps, sometimes a jump (a gap).
        weight: 4,
        arbitrary: fc.record({
          op: fc.constant('tick' as const),
          assetId,
          step: fc.integer({ min: -2, max: 2 }),
          jump: fc.option(price, { nil: null, freq: 8 }),
          spread: fc.integer({ min: 0, max: 2 }),
        }),
      },
    );

    const entriesOf = (t: ModelTrade): TriggerEntry[] => {
      if (t.type === 'pending') return [{ kind: t.kind, level: t.price }];
      const entries: TriggerEntry[] = [];
      if (t.tp !== null) entries.push({ kind: 'take_profit', level: t.tp });
      if (t.sl !== null) entries.push({ kind: 'stop_loss', level: t.sl });
      return entries;
    };
    const sideOf = (t: ModelTrade): Side =>
      t.type === 'position' ? t.side : t.kind.startsWith('buy') ? 'buy' : 'sell';

    /** What the domain functions say fires: a scan over every trade of the asset. */
    function scan(model: Map<number, ModelTrade>, asset: number, q: Quote): Fired[] {
      const fired: Fired[] = [];
      for (const [id, t] of model) {
        if (t.assetId !== asset) continue;
        if (t.type === 'position') {
          const hit: StopTrigger | null = slTpTriggered(t.side, q, t.sl, t.tp);
          if (hit !== null) {
            fired.push({
              tradeId: id,
              assetId: asset,
              kind: hit,
              level: (hit === 'stop_loss' ? t.sl : t.tp) ?? 0,
            });
          }
        } else if (pendingTriggered(t.kind, t.price, q)) {
          fired.push({ tradeId: id, assetId: asset, kind: t.kind, level: t.price });
        }
      }
      return fired;
    }

    it('over random sequences of set, remove and tick', () => {
      fc.assert(
        fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
          const index = new TriggerIndex();
          const model = new Map<number, ModelTrade>();
          const bids = new Map<number, number>();
          for (const o of ops) {
            if (o.op === 'set') {
              const entries = entriesOf(o.trade);
              index.set(o.tradeId, o.trade.assetId, sideOf(o.trade), entries);
              if (entries.length > 0) model.set(o.tradeId, o.trade);
              else model.delete(o.tradeId);
            } else if (o.op === 'remove') {
              index.remove(o.tradeId);
              model.delete(o.tradeId);
            } else {
              const walked = Math.min(2, Math.max(0, (bids.get(o.assetId) ?? 1) + o.step / 8));
              const bid = o.jump ?? walked;
              const ask = bid + o.spread / 8;
              bids.set(o.assetId, bid);
              const expected = scan(model, o.assetId, { bid, ask });
              for (const f of expected) model.delete(f.tradeId);
              expect(byTrade(index.crossed(o.assetId, bid, ask))).toEqual(byTrade(expected));
            }
            expect(index.size).toBe(model.size);
            for (const id of model.keys()) expect(index.has(id)).toBe(true);
            // Lazy deletion is counted exactly, and stale entries never outnumber live ones.
            let live = 0;
            for (const t of model.values()) live += entriesOf(t).length;
            expect(index.storedEntries - index.staleEntries).toBe(live);
            expect(index.storedEntries).toBeLessThanOrEqual(2 * live);
          }
        }),
        { numRuns: 300 },
      );
    });
  });
});

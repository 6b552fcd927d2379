import { quote } from '@openbroker/domain';
import type { Asset } from '@/api/assets';

/** SPEC §9: how long a row flashes green or red after its price rises or falls. */
export const PRICE_FLASH_MS = 2_200;

export type PriceDirection = 'up' | 'down';

/** One instrument's live price as rows read it (SPEC §3 Live price update, plus the dealing quote). */
export interface LivePrice {
  id: number;
  /** Mid rate. */
  rate: number;
  /** What a sell gets; the domain `quote` of the rate and the asset's spreads. */
  bid: number;
  /** What a buy pays. */
  ask: number;
  priceLow: number;
  priceHigh: number;
  change: number;
  changePercent: number;
  volume: number;
  /** ms since the epoch. */
  updatedAt: number;
  /** The way the last price change went while its flash lasts; null once it has faded. */
  direction: PriceDirection | null;
  /** When the current flash ends (ms since the epoch); 0 when nothing flashes. */
  flashUntil: number;
}

interface Spreads {
  buy: number | null;
  sell: number | null;
}

/** A tick after validation: only `id` and `price` are required (SPEC §5). */
interface Tick {
  id: number;
  price: number;
  low?: number;
  high?: number;
  change?: number;
  changePercent?: number;
  volume?: number;
  updatedAt?: number;
  /** The server's ask and bid at the instrument's current spreads (they change when staff edit them). */
  buyPrice?: number;
  sellPrice?: number;
}

/**
 * Runs `flush` once, later (the next animation frame in the app). A store without one notifies
 * synchronously inside each `applyUpdates` / `applyAll` / `seed` / `clear` call.
 */
export type NotifyScheduler = (flush: () => void) => void;

export interface PriceStoreOptions {
  now?: () => number;
  flashMs?: number;
  /** Defers and coalesces listener calls (see `nextFrame`); absent: listeners run at once. */
  schedule?: NotifyScheduler;
}

/**
 * If a frame never comes (the tab was hidden after the frame was asked for: browsers run no
 * animation frames in hidden tabs), prices still reach listeners this long after they arrived.
 */
const FRAME_FALLBACK_MS = 250;

/**
 * The app's scheduler: once per animation frame, so every `data:update` frame that arrives before a
 * paint ends in one notification and one React commit. The flush runs in a task of its own queued
 * from the frame callback, not inside the frame: the commit's script then does not add to the
 * frame's own work (the chart's redraw, style, layout, paint), which under a 4× slower CPU pushed
 * single tasks past 50 ms (bench/RESULTS.md, issue 17); the rows it changed paint on the next frame.
 * Where there are no animation frames (no `requestAnimationFrame`, or a hidden tab) a timer does it.
 */
export const nextFrame: NotifyScheduler = (flush) => {
  const hidden = typeof document !== 'undefined' && document.hidden;
  if (typeof requestAnimationFrame !== 'function' || hidden) {
    setTimeout(flush, 0);
    return;
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    flush();
  };
  const frame = requestAnimationFrame(() => setTimeout(once, 0));
  const timer = setTimeout(once, FRAME_FALLBACK_MS);
};

export type PriceListener = () => void;
export type PriceBatchListener = (ids: ReadonlySet<number>) => void;

export interface PriceStore {
  get(id: number): LivePrice | undefined;
  /**
   * Listens to one instrument only; returns the unsubscribe. With a scheduler it is called at most
   * once per flush (animation frame) however many ticks for the instrument came in between.
   */
  subscribe(id: number, listener: PriceListener): () => void;
  /**
   * Listens to every batch, with the ids it changed (for summaries such as open-trade P/L). With a
   * scheduler: once per flush, with the union of the ids changed since the last one.
   */
  subscribeAll(listener: PriceBatchListener): () => void;
  /** A full catalogue (`data:all`): overwrites the live figures and remembers each asset's spreads. */
  applyAll(assets: readonly Asset[]): void;
  /** Like `applyAll`, but fills only instruments with no live price yet (REST data is older). */
  seed(assets: readonly Asset[]): void;
  /** A `data:update` frame; malformed entries are skipped. Returns how many were applied. */
  applyUpdates(updates: unknown): number;
  /** Forgets everything (sign-out, tests). Listeners stay. */
  clear(): void;
}

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

const optionalNumber = (value: unknown): number | undefined => (isFiniteNumber(value) ? value : undefined);

/** Our ids are numbers; SPEC §5 speaks of string ids, so a numeric string is accepted too. */
function parseId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return null;
}

function parseTimestamp(value: unknown): number | undefined {
  if (isFiniteNumber(value)) return value;
  if (typeof value === 'string') {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? undefined : ms;
  }
  return undefined;
}

/** SPEC §5: a tick counts only with a usable id and a numeric price. */
export function parseTick(value: unknown): Tick | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw: Record<string, unknown> = { ...value };
  const id = parseId(raw.id);
  if (id === null || !isFiniteNumber(raw.price)) return null;
  return {
    id,
    price: raw.price,
    low: optionalNumber(raw.priceLow24h),
    high: optionalNumber(raw.priceHigh24h),
    change: optionalNumber(raw.change24h),
    changePercent: optionalNumber(raw.changePercent24h),
    volume: optionalNumber(raw.volume24h),
    updatedAt: parseTimestamp(raw.lastUpdated),
    buyPrice: optionalNumber(raw.buyPrice),
    sellPrice: optionalNumber(raw.sellPrice),
  };
}

function tickOfAsset(asset: Asset): Tick {
  return {
    id: asset.id,
    price: asset.rate,
    low: asset.price_low,
    high: asset.price_high,
    change: asset.change,
    changePercent: asset.change_percent,
    volume: asset.volume,
    updatedAt: parseTimestamp(asset.updated_at),
  };
}

/**
 * Live prices outside React (DESIGN §9): a tick notifies only the listeners of the instruments it
 * touches, so each row re-renders on its own and lists never do. Entries are replaced, never
 * mutated, so `get(id)` is a stable snapshot for `useSyncExternalStore`.
 *
 * Writing is always immediate (`get(id)` is current as soon as `applyUpdates` returns, flashes start
 * at arrival); with `options.schedule` only the notification waits, and every change until the
 * scheduled flush goes out in one pass: under a 2,000-price frame every 100 ms a slow device renders
 * one React commit per painted frame instead of one per socket frame (issue 17).
 */
export function createPriceStore(options: PriceStoreOptions = {}): PriceStore {
  const now = options.now ?? Date.now;
  const flashMs = options.flashMs ?? PRICE_FLASH_MS;
  const prices = new Map<number, LivePrice>();
  const spreads = new Map<number, Spreads>();
  const listeners = new Map<number, Set<PriceListener>>();
  const batchListeners = new Set<PriceBatchListener>();
  // One timer for all fading flashes, set for the earliest one, rather than one per instrument.
  let fadeTimer: ReturnType<typeof setTimeout> | null = null;
  let fadeAt = Number.POSITIVE_INFINITY;
  const schedule = options.schedule;
  // Ids changed since the last flush, and whether a flush is asked for.
  let pending = new Set<number>();
  let scheduled = false;

  function notify(ids: ReadonlySet<number>): void {
    if (ids.size === 0) return;
    if (!schedule) {
      deliver(ids);
      return;
    }
    for (const id of ids) pending.add(id);
    if (scheduled) return;
    scheduled = true;
    schedule(flush);
  }

  function flush(): void {
    scheduled = false;
    const ids = pending;
    pending = new Set();
    deliver(ids);
  }

  function deliver(ids: ReadonlySet<number>): void {
    if (ids.size === 0) return;
    for (const id of ids) {
      const set = listeners.get(id);
      if (set) for (const listener of [...set]) listener();
    }
    for (const listener of [...batchListeners]) listener(ids);
  }

  function scheduleFade(at: number): void {
    if (at >= fadeAt) return;
    if (fadeTimer !== null) clearTimeout(fadeTimer);
    fadeAt = at;
    fadeTimer = setTimeout(fade, Math.max(0, at - now()));
  }

  function fade(): void {
    fadeTimer = null;
    fadeAt = Number.POSITIVE_INFINITY;
    const t = now();
    const faded = new Set<number>();
    let next = Number.POSITIVE_INFINITY;
    for (const [id, entry] of prices) {
      if (entry.direction === null) continue;
      if (entry.flashUntil <= t) {
        prices.set(id, { ...entry, direction: null, flashUntil: 0 });
        faded.add(id);
      } else if (entry.flashUntil < next) {
        next = entry.flashUntil;
      }
    }
    if (next !== Number.POSITIVE_INFINITY) scheduleFade(next);
    notify(faded);
  }

  /** Writes one tick; returns whether anything a reader sees changed. */
  function write(tick: Tick): boolean {
    const previous = prices.get(tick.id);
    if (tick.buyPrice !== undefined && tick.sellPrice !== undefined && tick.price > 0) {
      // The server quoted it: remember the spreads it implies for ticks that come without prices.
      spreads.set(tick.id, { buy: tick.buyPrice / tick.price - 1, sell: 1 - tick.sellPrice / tick.price });
    }
    const spread = spreads.get(tick.id);
    const { bid, ask } =
      tick.buyPrice !== undefined && tick.sellPrice !== undefined
        ? { bid: tick.sellPrice, ask: tick.buyPrice }
        : quote(tick.price, spread?.buy, spread?.sell);
    let direction = previous?.direction ?? null;
    let flashUntil = previous?.flashUntil ?? 0;
    if (previous && tick.price !== previous.rate) {
      direction = tick.price > previous.rate ? 'up' : 'down';
      flashUntil = now() + flashMs;
      scheduleFade(flashUntil);
    }
    const next: LivePrice = {
      id: tick.id,
      rate: tick.price,
      bid,
      ask,
      priceLow: tick.low ?? previous?.priceLow ?? tick.price,
      priceHigh: tick.high ?? previous?.priceHigh ?? tick.price,
      change: tick.change ?? previous?.change ?? 0,
      changePercent: tick.changePercent ?? previous?.changePercent ?? 0,
      volume: tick.volume ?? previous?.volume ?? 0,
      updatedAt: tick.updatedAt ?? previous?.updatedAt ?? now(),
      direction,
      flashUntil,
    };
    if (previous && sameFigures(previous, next)) return false;
    prices.set(tick.id, next);
    return true;
  }

  function applyAssets(assets: readonly Asset[], onlyIfMissing: boolean): void {
    const changed = new Set<number>();
    for (const asset of assets) {
      const knewSpreads = spreads.has(asset.id);
      if (!onlyIfMissing || !knewSpreads) {
        spreads.set(asset.id, { buy: asset.buy_spread, sell: asset.sell_spread });
      }
      const existing = prices.get(asset.id);
      if (onlyIfMissing && existing) {
        // A tick beat the catalogue here: keep its figures, but quote it with the real spreads.
        if (!knewSpreads && write({ id: asset.id, price: existing.rate })) changed.add(asset.id);
        continue;
      }
      if (write(tickOfAsset(asset))) changed.add(asset.id);
    }
    notify(changed);
  }

  return {
    get: (id) => prices.get(id),
    subscribe(id, listener) {
      let set = listeners.get(id);
      if (!set) {
        set = new Set();
        listeners.set(id, set);
      }
      set.add(listener);
      return () => {
        const current = listeners.get(id);
        current?.delete(listener);
        if (current?.size === 0) listeners.delete(id);
      };
    },
    subscribeAll(listener) {
      batchListeners.add(listener);
      return () => {
        batchListeners.delete(listener);
      };
    },
    applyAll: (assets) => applyAssets(assets, false),
    seed: (assets) => applyAssets(assets, true),
    applyUpdates(updates) {
      if (!Array.isArray(updates)) return 0;
      const changed = new Set<number>();
      let applied = 0;
      for (const raw of updates) {
        const tick = parseTick(raw);
        if (!tick) continue;
        applied += 1;
        if (write(tick)) changed.add(tick.id);
      }
      notify(changed);
      return applied;
    },
    clear() {
      if (fadeTimer !== null) clearTimeout(fadeTimer);
      fadeTimer = null;
      fadeAt = Number.POSITIVE_INFINITY;
      const ids = new Set(prices.keys());
      prices.clear();
      spreads.clear();
      notify(ids);
    },
  };
}

function sameFigures(a: LivePrice, b: LivePrice): boolean {
  return (
    a.rate === b.rate &&
    a.bid === b.bid &&
    a.ask === b.ask &&
    a.priceLow === b.priceLow &&
    a.priceHigh === b.priceHigh &&
    a.change === b.change &&
    a.changePercent === b.changePercent &&
    a.volume === b.volume &&
    a.updatedAt === b.updatedAt &&
    a.direction === b.direction &&
    a.flashUntil === b.flashUntil
  );
}

/**
 * The app's one price store, fed by the `/prices` socket; it notifies once per animation frame.
 * Component tests (Vitest, mode "test") keep synchronous notification so `act(() => applyUpdates…)`
 * renders the tick it wrote; the frame scheduling itself is tested in priceStore.test.ts.
 */
export const priceStore: PriceStore = createPriceStore(
  import.meta.env.MODE === 'test' ? {} : { schedule: nextFrame },
);

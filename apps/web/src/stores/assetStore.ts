import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { type Asset, assetSchema, getAssets, parseAssetList } from '@/api/assets';
import { type LivePrice, type PriceStore, priceStore } from './priceStore';

/** SPEC §8: what the asset store reports when `GET /assets` fails. */
export const ASSETS_FETCH_FAILED = 'Failed to fetch assets. Please try again later.';

/** SPEC §3 "Persisted asset view state". */
export const ASSET_STORAGE_KEY = 'asset-storage';

/** SPEC §4: the default active pair, and the order in which a default active asset is chosen. */
export const DEFAULT_ACTIVE_PAIR = 'BTC/USD';
export const DEFAULT_ASSET_TV_SYMBOL = 'BITSTAMP:BTCUSD';
export const FALLBACK_ASSET_SY = 'AUD/JPY';

/** The active asset's rate fields follow the price store at most this often. */
export const ACTIVE_ASSET_MIRROR_MS = 500;

/** SPEC §4 Asset store: loading, error, loaded (idle before the first fetch). */
export type AssetStatus = 'idle' | 'loading' | 'loaded' | 'error';

export interface AssetState {
  assets: Asset[];
  status: AssetStatus;
  error: string | null;
  activeAsset: Asset | null;
  /** The open pair tabs, in the order they were opened. */
  activePairs: Asset[];
  /** The active pair's `sy` ('BTC/USD'). */
  activePair: string;
  fetchAssets: () => Promise<void>;
  /** Takes a catalogue from the price socket (`data:all`) when none has loaded yet. */
  receiveAssets: (assets: readonly Asset[]) => void;
  /** Opens `asset` as a pair tab (once) and makes it active. */
  addPair: (asset: Asset) => void;
  /** Closes a pair tab, never the last one; closing the active one activates the first remaining. */
  removePair: (id: number) => void;
  /** Copies a live price into the active asset when it is that instrument. */
  applyLivePrice: (live: LivePrice) => void;
}

type PersistedAssetView = Pick<AssetState, 'activeAsset' | 'activePairs' | 'activePair'>;

/** SPEC §3 Asset rate fields, taken from a live price; the quote comes from the domain via the store. */
export function withLivePrice(asset: Asset, live: LivePrice | undefined): Asset {
  if (!live || live.id !== asset.id) return asset;
  return {
    ...asset,
    rate: live.rate,
    price_low: live.priceLow,
    price_high: live.priceHigh,
    change: live.change,
    change_percent: live.changePercent,
    volume: live.volume,
    updated_at: new Date(live.updatedAt).toISOString(),
    buy_price: live.ask,
    sell_price: live.bid,
  };
}

/** SPEC §4: the asset with tv_symbol BITSTAMP:BTCUSD, else the one with sy AUD/JPY, else the first. */
export function pickDefaultAsset(assets: readonly Asset[]): Asset | null {
  return (
    assets.find((a) => a.tv_symbol === DEFAULT_ASSET_TV_SYMBOL) ??
    assets.find((a) => a.sy === FALLBACK_ASSET_SY) ??
    assets[0] ??
    null
  );
}

/** The same instrument in a fresh list: by id, else by symbol (ids change if a catalogue is re-seeded). */
function findIn(assets: readonly Asset[], byId: Map<number, Asset>, wanted: Asset): Asset | undefined {
  return byId.get(wanted.id) ?? assets.find((a) => a.symbol === wanted.symbol);
}

function live(asset: Asset): Asset {
  return withLivePrice(asset, priceStore.get(asset.id));
}

/** SPEC §4 "On load": the state after a catalogue arrives, keeping the previous active asset if any. */
function settle(state: AssetState, assets: readonly Asset[]): Partial<AssetState> {
  const byId = new Map(assets.map((a) => [a.id, a]));
  const previous = state.activeAsset ? findIn(assets, byId, state.activeAsset) : undefined;
  const active = previous ?? pickDefaultAsset(assets);
  const pairs: Asset[] = [];
  for (const pair of state.activePairs) {
    const fresh = findIn(assets, byId, pair);
    if (fresh && !pairs.some((p) => p.id === fresh.id)) pairs.push(fresh);
  }
  // There is always a tab for the active asset, so "never below one pair" holds from the start.
  if (active && !pairs.some((p) => p.id === active.id)) pairs.push(active);
  return {
    assets: [...assets],
    status: 'loaded',
    error: null,
    activeAsset: active ? live(active) : null,
    activePairs: pairs,
    activePair: active?.sy ?? DEFAULT_ACTIVE_PAIR,
  };
}

/** Stored view state is checked on every load: an older build's (or hand-edited) asset is dropped. */
function readPersisted(persisted: unknown): Partial<PersistedAssetView> {
  if (typeof persisted !== 'object' || persisted === null) return {};
  const view: Partial<PersistedAssetView> = {};
  if ('activeAsset' in persisted) {
    const parsed = assetSchema.safeParse(persisted.activeAsset);
    view.activeAsset = parsed.success ? parsed.data : null;
  }
  if ('activePairs' in persisted) view.activePairs = parseAssetList(persisted.activePairs) ?? [];
  if ('activePair' in persisted && typeof persisted.activePair === 'string') {
    view.activePair = persisted.activePair;
  }
  return view;
}

// Concurrent callers (app start, a Retry click) share one request.
let inFlight: Promise<void> | null = null;

export const useAssetStore = create<AssetState>()(
  persist(
    (set, get) => ({
      assets: [],
      status: 'idle',
      error: null,
      activeAsset: null,
      activePairs: [],
      activePair: DEFAULT_ACTIVE_PAIR,
      fetchAssets: () => {
        if (inFlight) return inFlight;
        set({ status: 'loading', error: null });
        inFlight = getAssets()
          .then((assets) => {
            priceStore.seed(assets);
            set(settle(get(), assets));
          })
          .catch(() => {
            set({ status: 'error', error: ASSETS_FETCH_FAILED });
          })
          .finally(() => {
            inFlight = null;
          });
        return inFlight;
      },
      receiveAssets: (assets) => {
        if (get().status === 'loaded') return;
        priceStore.seed(assets);
        set(settle(get(), assets));
      },
      addPair: (asset) => {
        const { activePairs } = get();
        const pairs = activePairs.some((p) => p.id === asset.id) ? activePairs : [...activePairs, asset];
        set({ activePairs: pairs, activeAsset: live(asset), activePair: asset.sy });
      },
      removePair: (id) => {
        const { activePairs, activeAsset, assets } = get();
        if (activePairs.length <= 1 || !activePairs.some((p) => p.id === id)) return;
        const remaining = activePairs.filter((p) => p.id !== id);
        if (activeAsset?.id !== id) {
          set({ activePairs: remaining });
          return;
        }
        const [first] = remaining;
        if (!first) return;
        const next = assets.find((a) => a.id === first.id) ?? first;
        set({ activePairs: remaining, activeAsset: live(next), activePair: next.sy });
      },
      applyLivePrice: (price) => {
        const { activeAsset } = get();
        if (!activeAsset || activeAsset.id !== price.id) return;
        const next = withLivePrice(activeAsset, price);
        if (next.rate !== activeAsset.rate || next.updated_at !== activeAsset.updated_at) {
          set({ activeAsset: next });
        }
      },
    }),
    {
      name: ASSET_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): PersistedAssetView => ({
        activeAsset: state.activeAsset,
        activePairs: state.activePairs,
        activePair: state.activePair,
      }),
      version: 1,
      merge: (persisted, current) => ({ ...current, ...readPersisted(persisted) }),
    },
  ),
);

/**
 * Keeps the active asset's rate fields in step with the price store, at most once per `intervalMs`
 * (first change at once, the latest one at the end of each window). Ticks for other instruments
 * never touch this store, so asset lists do not re-render on prices. Returns the unbind.
 */
export function bindActiveAssetToPrices(
  prices: PriceStore = priceStore,
  intervalMs: number = ACTIVE_ASSET_MIRROR_MS,
): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending = false;

  const mirror = () => {
    const active = useAssetStore.getState().activeAsset;
    const price = active ? prices.get(active.id) : undefined;
    if (price) useAssetStore.getState().applyLivePrice(price);
  };
  const endWindow = () => {
    timer = null;
    if (!pending) return;
    pending = false;
    mirror();
    timer = setTimeout(endWindow, intervalMs);
  };

  const unsubscribe = prices.subscribeAll((ids) => {
    const active = useAssetStore.getState().activeAsset;
    if (!active || !ids.has(active.id)) return;
    if (timer !== null) {
      pending = true;
      return;
    }
    mirror();
    timer = setTimeout(endWindow, intervalMs);
  });

  return () => {
    unsubscribe();
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = false;
  };
}

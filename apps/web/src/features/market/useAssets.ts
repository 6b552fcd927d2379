import { useShallow } from 'zustand/react/shallow';
import type { Asset } from '@/api/assets';
import { type AssetStatus, useAssetStore, withLivePrice } from '@/stores/assetStore';
import { usePrice } from './usePrice';

export interface AssetsView {
  assets: Asset[];
  status: AssetStatus;
  error: string | null;
  /** Fetches again (the assets panel's Retry, SPEC §8). */
  retry: () => Promise<void>;
}

/**
 * The asset catalogue and its load state. Its rate fields are as loaded: rows read live prices
 * with `usePrice` / `FlashPrice`, so this list does not change on ticks.
 */
export function useAssets(): AssetsView {
  return useAssetStore(
    useShallow((s) => ({ assets: s.assets, status: s.status, error: s.error, retry: s.fetchAssets })),
  );
}

/** The active asset, its rate fields kept current (throttled) while the price socket runs. */
export function useActiveAsset(): Asset | null {
  return useAssetStore((s) => s.activeAsset);
}

/** The open pair tabs and the actions on them (SPEC §4). */
export function usePairs() {
  return useAssetStore(
    useShallow((s) => ({
      pairs: s.activePairs,
      activePair: s.activePair,
      activeId: s.activeAsset?.id ?? null,
      addPair: s.addPair,
      removePair: s.removePair,
    })),
  );
}

/** `asset` with its latest live rate fields, re-rendering on that instrument's ticks only. */
export function useLiveAsset(asset: Asset): Asset {
  const live = usePrice(asset.id);
  return withLivePrice(asset, live);
}

import { pairIndex } from '@openbroker/domain';
import { useEffect, useMemo } from 'react';
import type { Asset } from '@/api/assets';
import { conversionPairIds } from '@/realtime/conversionPairs';
import { type PriceInterest, priceInterest } from '@/realtime/priceInterest';
import { useAssetStore } from '@/stores/assetStore';

/** Stable across renders for the same ids in any order, so an effect re-runs only on a real change. */
const keyOf = (ids: readonly (number | null | undefined)[]) =>
  [...new Set(ids.filter((id): id is number => typeof id === 'number'))].sort((a, b) => a - b).join(',');

/**
 * Declares that this component shows the prices of `ids` while mounted (issue 17): the price
 * socket subscribes to them. `usePrice` declares its own; this is for screens that read the price
 * store some other way (a chart, a summary, a status check).
 */
export function usePriceInterest(
  ids: readonly (number | null | undefined)[],
  interest: PriceInterest = priceInterest,
): void {
  const key = keyOf(ids);
  useEffect(() => {
    if (!key) return;
    return interest.retain(key.split(',').map(Number));
  }, [key, interest]);
}

function useConversionPairs(assets: readonly Asset[]) {
  return useMemo(
    () =>
      pairIndex(
        assets.map((a) => ({ id: a.id, type: a.type, base: a.base_currency, quote: a.quote_currency })),
      ),
    [assets],
  );
}

/**
 * Interest in instruments valued in `currency` (open positions' P/L, an order's margin): the
 * instruments themselves and the currency pairs that convert their quote currencies into it.
 */
export function useValuationInterest(
  assetIds: readonly number[],
  currency: string | null | undefined,
  interest: PriceInterest = priceInterest,
): void {
  const assets = useAssetStore((s) => s.assets);
  const pairs = useConversionPairs(assets);
  const idsKey = keyOf(assetIds);
  const ids = useMemo(() => {
    const held = idsKey ? idsKey.split(',').map(Number) : [];
    if (!currency || held.length === 0) return held;
    const byId = new Map(assets.map((a) => [a.id, a]));
    const quotes = new Set(held.map((id) => byId.get(id)?.quote_currency).filter((q) => q !== undefined));
    const needed = new Set(held);
    for (const quote of quotes) for (const id of conversionPairIds(pairs, quote, currency)) needed.add(id);
    return [...needed];
  }, [idsKey, currency, assets, pairs]);
  usePriceInterest(ids, interest);
}

/**
 * What every signed-in screen keeps live: the active asset (mirrored into the asset store for the
 * chart and order forms) and the open pair tabs, so switching tabs shows a current price at once.
 */
export function useStandingPriceInterest(enabled: boolean, interest: PriceInterest = priceInterest): void {
  const activeId = useAssetStore((s) => s.activeAsset?.id);
  const tabsKey = useAssetStore((s) => keyOf(s.activePairs.map((p) => p.id)));
  const ids = useMemo(
    () => (enabled ? [activeId, ...(tabsKey ? tabsKey.split(',').map(Number) : [])] : []),
    [enabled, activeId, tabsKey],
  );
  usePriceInterest(ids, interest);
}

import {
  categoryLeverage,
  margin,
  type Quote,
  quote,
  resolveLeverage,
  type Side,
  openPrice as sideOpenPrice,
  toAccountCurrency,
} from '@openbroker/domain';
import { useMemo } from 'react';
import type { Asset } from '@/api/assets';
import { usePrice } from '@/features/market/usePrice';
import { useValuationInterest } from '@/features/market/usePriceInterest';
import { useAccountCurrency } from '@/features/money/useMoney';
import { rateLookup, useLiveSummary } from '@/features/trading/liveValuation';
import { flattenTrades, useAccountSummaryQuery, useTradeList } from '@/features/trading/queries';
import { useAssetStore } from '@/stores/assetStore';
import { priceStore } from '@/stores/priceStore';
import { useSessionStore } from '@/stores/sessionStore';
import { useSiteDataStore } from '@/stores/siteDataStore';

/** The instrument a dialog trades: the given id from the catalogue, else the active asset (SPEC §4). */
export function useTradableAsset(assetId: number | null | undefined): Asset | null {
  return useAssetStore((s) => {
    if (assetId === null || assetId === undefined) return s.activeAsset;
    return s.assets.find((a) => a.id === assetId) ?? (s.activeAsset?.id === assetId ? s.activeAsset : null);
  });
}

/** The live bid and ask of an asset; the catalogue's side prices until the first tick arrives. */
export function useLiveQuote(asset: Asset | null): Quote | null {
  const live = usePrice(asset?.id);
  if (live) return { bid: live.bid, ask: live.ask };
  if (!asset) return null;
  return asset.buy_price > 0 && asset.sell_price > 0
    ? { bid: asset.sell_price, ask: asset.buy_price }
    : quote(asset.rate, asset.buy_spread, asset.sell_spread);
}

/**
 * The leverage an order on `asset` trades at (SPEC §9): site data's category setting, the asset's
 * own, the account type's, then 20, chosen by the domain's `resolveLeverage`.
 */
export function useOrderLeverage(asset: Pick<Asset, 'type' | 'leverage'> | null): number {
  const settings = useSiteDataStore((s) => s.leverage);
  const plan = useSessionStore((s) => s.user?.account_type?.leverage);
  return resolveLeverage({
    categorySetting: asset ? categoryLeverage(settings, asset.type) : undefined,
    assetLeverage: asset?.leverage,
    planLeverage: plan,
  });
}

export interface MarginPreview {
  /** The selected trading account's own currency ('EUR'); every figure of the preview is in it. */
  currency: string;
  /** Account-currency value of one unit at the side's opening price; null while no rate is known. */
  unitValue: number | null;
  /** Free margin now, with open positions valued live; null until the summary loads. */
  freeNow: number | null;
}

/**
 * What the margin figures of an order need (SPEC §9, DESIGN §6): the account's live free margin
 * (server balance and credit, open positions valued at live prices) and the value of one unit of
 * the instrument in the account currency, converted at live rates like the positions are.
 */
export function useMarginPreview(asset: Asset | null, side: Side, q: Quote | null): MarginPreview {
  const summary = useAccountSummaryQuery();
  const accountCurrency = useAccountCurrency();
  const open = useTradeList('open');
  const trades = useMemo(() => flattenTrades(open.data), [open.data]);
  const assets = useAssetStore((s) => s.assets);
  const rates = useMemo(() => rateLookup(assets, priceStore), [assets]);
  // The summary's currency once it loads; the selected account's (same account) until then.
  const currency = summary.data?.currency ?? accountCurrency;
  const live = useLiveSummary(summary.data?.balance ?? 0, summary.data?.credit ?? 0, trades, currency);
  // Issue 17: the pairs converting one unit into the account currency stay live while the form is open.
  useValuationInterest(asset ? [asset.id] : [], currency);
  let unitValue: number | null = null;
  if (asset && q) {
    const one = toAccountCurrency(sideOpenPrice(side, q), asset.quote_currency, currency, rates);
    unitValue = one.ok ? one.value : null;
  }
  return { currency, unitValue, freeNow: summary.data ? live.freeMargin : null };
}

/**
 * Margin an order holds in the account currency (SPEC §9 margin = volume × price ÷ leverage):
 * the domain's formula on the unit value already converted, so it equals converting the margin.
 */
export function requiredMargin(
  units: number | null,
  unitValue: number | null,
  leverage: number,
): number | null {
  return units === null || unitValue === null ? null : margin(units, unitValue, leverage);
}

import type { AssetType } from '../hours/tradingHours.ts';

/** Keys of site data's leverage map (SPEC §3 Site data: cryptos, stocks, indices, commodities, metals, forex). */
export const LEVERAGE_CATEGORIES = [
  'cryptos',
  'stocks',
  'indices',
  'commodities',
  'metals',
  'forex',
] as const;
export type LeverageCategory = (typeof LEVERAGE_CATEGORIES)[number];
export type CategoryLeverage = Readonly<Record<LeverageCategory, number>>;

/** Site data's leverage per category until the broker sets its own (SPEC §9 "Default leverage 100"). */
export const DEFAULT_CATEGORY_LEVERAGE: CategoryLeverage = {
  cryptos: 100,
  stocks: 100,
  indices: 100,
  commodities: 100,
  metals: 100,
  forex: 100,
};

/** Leverage when no setting, asset or plan gives one (SPEC §9 "per-asset default 20"). */
export const FALLBACK_LEVERAGE = 20;
/** The Expert Advisor panel's own fallback (SPEC §9 "advisor panel falls back to 100"). */
export const ADVISOR_FALLBACK_LEVERAGE = 100;

/**
 * Asset type to site-data category (SPEC §3). Only crypto differs in spelling: the asset type is
 * `crypto`, the settings key `cryptos`.
 */
export const ASSET_TYPE_CATEGORY: Readonly<Record<AssetType, LeverageCategory>> = {
  forex: 'forex',
  stocks: 'stocks',
  crypto: 'cryptos',
  commodities: 'commodities',
  indices: 'indices',
  metals: 'metals',
};

/** A leverage value found on a source; null/undefined when the source gives none. */
export type LeverageValue = number | null | undefined;

export interface LeverageSources {
  /** Site data's setting for the asset's category (SPEC §3 Site data leverage). */
  categorySetting?: LeverageValue;
  /** The asset's own `leverage` field (SPEC §3 Asset). */
  assetLeverage?: LeverageValue;
  /** The account type's (plan's) leverage (SPEC §3 User.account_type.leverage). */
  planLeverage?: LeverageValue;
}

/** Below 1:1 is not leverage, and 0 would divide margin by zero, so such values count as unset. */
const usable = (value: LeverageValue): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 1;

/**
 * The leverage an order trades at (SPEC §9, DESIGN §6): the per-category setting, else the asset's
 * own, else the account type's, else {@link FALLBACK_LEVERAGE} (20). A source counts only when it is
 * a finite number of at least 1; anything else (missing, 0, NaN, a negative) falls through.
 */
export function resolveLeverage(sources: LeverageSources): number {
  const { categorySetting, assetLeverage, planLeverage } = sources;
  if (usable(categorySetting)) return categorySetting;
  if (usable(assetLeverage)) return assetLeverage;
  if (usable(planLeverage)) return planLeverage;
  return FALLBACK_LEVERAGE;
}

/**
 * The site-data setting for an asset type's category, or undefined when site data has not loaded
 * or lacks the key (SPEC §3 Site data). Feed the result to {@link resolveLeverage}.
 */
export function categoryLeverage(
  settings: Partial<Record<LeverageCategory, number>> | null | undefined,
  type: AssetType,
): number | undefined {
  return settings?.[ASSET_TYPE_CATEGORY[type]];
}

/**
 * The category leverage site data publishes (SPEC §3) from what staff stored: a missing category
 * takes the default 100, one set to null is left out so the asset's own and then the plan's
 * leverage apply. The server prices orders from this same map, so client and server agree.
 */
export function siteCategoryLeverage(
  stored: Partial<Record<LeverageCategory, number | null>>,
): Partial<Record<LeverageCategory, number>> {
  const out: Partial<Record<LeverageCategory, number>> = {};
  for (const k of LEVERAGE_CATEGORIES) {
    const v = stored[k];
    if (v === undefined) out[k] = DEFAULT_CATEGORY_LEVERAGE[k];
    else if (v !== null) out[k] = v;
  }
  return out;
}

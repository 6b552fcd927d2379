import {
  ASSET_TYPE_CATEGORY,
  type AssetType,
  DEFAULT_RISK_LEVELS,
  type LeverageCategory,
  type RiskLevels,
  resolveLeverage,
  siteCategoryLeverage,
} from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import { plans } from '../../db/schema.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { SettingsService } from '../settings/service.ts';

/** Reference data read on every order is cached this long at most (and dropped when staff change it). */
const TTL_MS = 5_000;

interface Snapshot {
  at: number;
  plans: Map<number, { leverage: number; levels: RiskLevels }>;
  categoryLeverage: Partial<Record<LeverageCategory, number>>;
}

/**
 * Plans and the site's category leverage, as the order path needs them, without a database read per
 * order: cached briefly and dropped on `settings.updated`.
 */
export function createTradingReference(deps: { db: Db; bus: Bus; settings: SettingsService }) {
  let current: Promise<Snapshot> | undefined;
  deps.bus.subscribe('settings.updated', () => {
    current = undefined;
  });
  const load = async (): Promise<Snapshot> => {
    const [rows, settings] = await Promise.all([deps.db.select().from(plans), deps.settings.get()]);
    return {
      at: Date.now(),
      plans: new Map(
        rows.map((p) => [
          p.id,
          { leverage: p.leverage, levels: { marginCall: p.marginCallLevel, stopOut: p.stopOutLevel } },
        ]),
      ),
      categoryLeverage: siteCategoryLeverage(settings.categoryLeverage),
    };
  };
  const snapshot = async (): Promise<Snapshot> => {
    if (!current) current = load();
    const s = await current;
    if (Date.now() - s.at <= TTL_MS) return s;
    current = load();
    return current;
  };
  return {
    /** Margin call and stop-out levels of a plan (DESIGN §6: configurable per plan). */
    async levels(planId: number | null): Promise<RiskLevels> {
      const s = await snapshot();
      return (planId !== null && s.plans.get(planId)?.levels) || DEFAULT_RISK_LEVELS;
    },
    /** SPEC §9 order: category setting, the asset's own, the plan's, then 20. */
    async leverage(type: AssetType, assetLeverage: number | null, planId: number | null): Promise<number> {
      const s = await snapshot();
      return resolveLeverage({
        categorySetting: s.categoryLeverage[ASSET_TYPE_CATEGORY[type]],
        assetLeverage,
        planLeverage: planId === null ? undefined : s.plans.get(planId)?.leverage,
      });
    },
  };
}
export type TradingReference = ReturnType<typeof createTradingReference>;

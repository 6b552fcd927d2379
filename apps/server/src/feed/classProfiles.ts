import type { AssetType } from '@openbroker/domain';

/** How each asset class moves in the simulation: yearly volatility, tick rate and size of trade prints. */
export interface ClassProfile {
  annualVolatility: number;
  ticksPerSecond: number;
  volumePerTick: number;
}

export const CLASS_PROFILES: Record<AssetType, ClassProfile> = {
  forex: { annualVolatility: 0.08, ticksPerSecond: 4, volumePerTick: 250_000 },
  crypto: { annualVolatility: 0.6, ticksPerSecond: 3, volumePerTick: 0.8 },
  stocks: { annualVolatility: 0.3, ticksPerSecond: 1, volumePerTick: 120 },
  indices: { annualVolatility: 0.18, ticksPerSecond: 2, volumePerTick: 5 },
  commodities: { annualVolatility: 0.3, ticksPerSecond: 1, volumePerTick: 10 },
  metals: { annualVolatility: 0.18, ticksPerSecond: 2, volumePerTick: 20 },
};

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The standard deviation of a log-return over `ms` for a class. */
export function sigmaOver(type: AssetType, ms: number): number {
  return CLASS_PROFILES[type].annualVolatility * Math.sqrt(ms / YEAR_MS);
}

/** Rounds a price to the instrument's decimals, never to zero. */
export function roundPrice(price: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.max(Math.round(price * f) / f, 1 / f);
}

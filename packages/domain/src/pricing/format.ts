import { formatFixed } from '../money/rounding.ts';

/** Decimal places prices are shown with on each surface (SPEC §9 "Price display decimals"). */
export const PRICE_DECIMALS = {
  orderForm: 5,
  chartButtons: 4,
  watchList: 3,
} as const;

/**
 * Digits a surface shows for one instrument: SPEC §9's count for the surface is the least, never
 * fewer than the instrument is quoted in (5 for most forex, 3 for JPY pairs), so its bid and ask can
 * be told apart: EUR/USD shows 1.16009 / 1.16021 in the watch list, not 1.160 / 1.160.
 */
export function priceDigits(surfaceMinimum: number, instrumentDigits: number): number {
  return Math.max(surfaceMinimum, instrumentDigits);
}

/**
 * A price with exactly `places` decimals, halves away from zero (SPEC §9 price display decimals).
 * Unlike `toFixed`, 1.00005 shows as "1.0001" because rounding works on the decimal form.
 * A missing or non-finite price shows as "—" rather than "NaN", since a feed gap is not a crash.
 */
export function formatPrice(value: number | null | undefined, places: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return formatFixed(value, places);
}

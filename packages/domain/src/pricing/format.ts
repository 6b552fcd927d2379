import { formatFixed } from '../money/rounding.ts';

/** Decimal places prices are shown with on each surface (SPEC §9 "Price display decimals"). */
export const PRICE_DECIMALS = {
  orderForm: 5,
  chartButtons: 4,
  watchList: 3,
} as const;

/**
 * A price with exactly `places` decimals, halves away from zero (SPEC §9 price display decimals).
 * Unlike `toFixed`, 1.00005 shows as "1.0001" because rounding works on the decimal form.
 * A missing or non-finite price shows as "—" rather than "NaN", since a feed gap is not a crash.
 */
export function formatPrice(value: number | null | undefined, places: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return formatFixed(value, places);
}

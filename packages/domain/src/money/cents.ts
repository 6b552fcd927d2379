import { scaleHalfAwayFromZero } from './rounding.ts';

/**
 * Money is held as integer cents in `bigint` (DESIGN §3: "integer minor units, never floats").
 * These helpers are the only doors between a float amount and cents.
 */

/**
 * An amount in major units to integer cents, rounding half away from zero (DESIGN §3). This is the
 * rounding applied to realised P/L when a position closes: 10.005 → 1001n, −10.005 → −1001n.
 * Exact for every amount whose shortest decimal form has at most two places and |amount| < 10^13.
 * Throws on NaN or ±Infinity, which can only come from a bug upstream.
 */
export function toCents(amount: number): bigint {
  return scaleHalfAwayFromZero(amount, 2);
}

/**
 * Integer cents to an amount in major units, for display and for float formulas (DESIGN §3).
 * `toCents(centsToAmount(c)) === c` for |c| < 10^15.
 */
export function centsToAmount(cents: bigint): number {
  return Number(`${cents}e-2`);
}

/**
 * Cents as a currency string, e.g. (123456n, 'USD') → "$1,234.56" (SPEC §3 Currency; SPEC §9
 * default display currency USD). Exact to the cent for |cents| < 10^15, like {@link centsToAmount}.
 */
export function formatMoney(cents: bigint, currency: string, locale = 'en-US'): string {
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return format.format(centsToAmount(cents));
}

/**
 * Decimal rounding done on a number's shortest round-trip decimal form ("1.005", not the binary
 * 1.00499999999999989…), so money and prices round the way a person reading them expects
 * (DESIGN §3: realised P/L rounds half away from zero to the cent).
 */

/** Past 20 places a double carries no meaningful digits; a larger request is a bug. */
const MAX_DECIMALS = 20;

function checkArgs(x: number, decimals: number): void {
  if (!Number.isFinite(x)) throw new RangeError(`Cannot round a non-finite number: ${x}`);
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new RangeError(`Decimal places must be an integer from 0 to ${MAX_DECIMALS}: ${decimals}`);
  }
}

/**
 * `x × 10^decimals` rounded half away from zero, as an exact integer: the building block of
 * {@link toCents} and of price formatting (DESIGN §3). Throws on a non-finite `x` (a bug upstream).
 */
export function scaleHalfAwayFromZero(x: number, decimals: number): bigint {
  checkArgs(x, decimals);
  // toExponential() without an argument gives the shortest digits that identify the double.
  const [mantissa = '0', exponentText = '0'] = Math.abs(x).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  // How many leading digits sit at or above the 10^-decimals place.
  const keep = Number(exponentText) + 1 + decimals;
  let scaled: bigint;
  if (keep >= digits.length) {
    scaled = BigInt(digits) * 10n ** BigInt(keep - digits.length);
  } else if (keep < 0) {
    scaled = 0n;
  } else {
    scaled = keep === 0 ? 0n : BigInt(digits.slice(0, keep));
    // Any first dropped digit of 5 or more means "half or above": round the magnitude up.
    if ((digits[keep] ?? '0') >= '5') scaled += 1n;
  }
  return x < 0 ? -scaled : scaled;
}

/**
 * Rounds `x` to `decimals` places, halves away from zero (1.005 → 1.01, −2.5 → −3).
 * Never returns −0, so a rounded loss of nothing prints as "0.00" (DESIGN §3).
 */
export function roundHalfAwayFromZero(x: number, decimals: number): number {
  const scaled = scaleHalfAwayFromZero(x, decimals);
  // Parsing the decimal string gives the double nearest to the exact rounded value.
  return Number(`${scaled}e-${decimals}`);
}

/** Writes an integer scaled by 10^decimals as a plain decimal string: (−12345n, 2) → "-123.45". */
export function formatScaled(scaled: bigint, decimals: number): string {
  const negative = scaled < 0n;
  const text = (negative ? -scaled : scaled).toString().padStart(decimals + 1, '0');
  const whole = text.slice(0, text.length - decimals);
  const fraction = text.slice(text.length - decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** Rounds half away from zero and prints exactly `decimals` places: (1.005, 2) → "1.01". */
export function formatFixed(x: number, decimals: number): string {
  return formatScaled(scaleHalfAwayFromZero(x, decimals), decimals);
}

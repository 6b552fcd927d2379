/**
 * Coin amounts as exact integers of the coin's smallest unit (satoshi, wei, micro-USDT), kept as
 * bigint or decimal text: a float cannot hold 18 decimals, and a deposit is credited from these.
 */

/** "0.015" with 8 decimals → 1_500_000n; null when it is not a plain decimal or has too many places. */
export function parseCoinUnits(text: string, decimals: number): bigint | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return null;
  const whole = m[1] ?? '0';
  const frac = m[2] ?? '';
  if (frac.length > decimals) return null;
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0') || '0');
}

/** 1_500_000n with 8 decimals → "0.015" (no trailing zeros; at least one digit). */
export function formatCoinUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const scale = 10n ** BigInt(decimals);
  const whole = abs / scale;
  const frac = (abs % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/**
 * What `units` of a coin are worth in cents of a currency at `rate` (currency units per coin),
 * rounded to the nearest cent. The coin amount is split into whole and fractional parts first, so
 * 18-decimal amounts keep their precision before the multiplication by the rate.
 */
export function coinUnitsToCents(units: bigint, decimals: number, rate: number): bigint {
  if (!Number.isFinite(rate) || rate <= 0) throw new Error(`bad rate ${rate}`);
  const scale = 10n ** BigInt(decimals);
  const whole = Number(units / scale);
  const frac = Number(units % scale) / Number(scale);
  return BigInt(Math.round((whole + frac) * rate * 100));
}

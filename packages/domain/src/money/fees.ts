/**
 * A fee in cents: basis points of the amount, rounded half up to the cent, plus a fixed part.
 * Amount and fixed part are in the same currency; never negative.
 */
export function feeCents(amountCents: bigint, bps: number, fixedCents: bigint): bigint {
  if (amountCents <= 0n) return 0n;
  const proportional = (amountCents * BigInt(Math.round(bps)) + 5_000n) / 10_000n;
  const fee = proportional + fixedCents;
  return fee < 0n ? 0n : fee;
}

/**
 * Converts cents from one currency to another at `rate` (units of `to` per unit of `from`), rounded
 * half away from zero to the cent. Used with the live mid rate for transfers and limits.
 */
export function convertCents(cents: bigint, rate: number): bigint {
  if (!Number.isFinite(rate) || rate <= 0) throw new Error(`bad conversion rate ${rate}`);
  const scaled = Number(cents) * rate;
  return BigInt(Math.sign(scaled) * Math.round(Math.abs(scaled)));
}

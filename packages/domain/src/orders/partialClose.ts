import { unitsFromLots } from './volume.ts';

/** A volume in lots as whole hundredths (0.07 → 7n): lots are compared and divided exactly this way. */
export function lotsInHundredths(lots: number): bigint {
  return BigInt(Math.round(lots * 100));
}

/** The part of an open position a split needs. */
export interface SplittablePosition {
  lots: number;
  units: number;
  /** Margin held, in account-currency cents. */
  marginCents: bigint;
  contractSize: number;
}

/** How closing some lots of a position divides it (DESIGN §6 partial close). */
export interface PositionSplit {
  /** True when the close takes the whole position (closeLots ≥ lots); the remaining figures are then 0. */
  whole: boolean;
  /** Units closed: the position's own units for a whole close, else closeLots × contract size. */
  closeUnits: number;
  /** Margin released with the closed part, in cents. */
  releasedMarginCents: bigint;
  remainingLots: number;
  remainingUnits: number;
  remainingMarginCents: bigint;
}

/**
 * Splits a position for a close of `closeLots` (DESIGN §6 partial close). Lots are counted in
 * whole hundredths so float noise cannot leave a 0.0000001-lot stub. The released margin is the
 * held margin × closeLots ÷ lots, rounded down to the cent, and the remainder keeps the rest, so
 * the two always add up to the margin held. Throws on a close of less than 0.01 lot, which volume
 * validation never lets through, so it can only be a bug.
 */
export function splitPosition(position: SplittablePosition, closeLots: number): PositionSplit {
  const held = lotsInHundredths(position.lots);
  const closing = lotsInHundredths(closeLots);
  if (!(closing > 0n)) throw new RangeError(`A close needs at least 0.01 lot: ${closeLots}`);
  if (closing >= held) {
    return {
      whole: true,
      closeUnits: position.units,
      releasedMarginCents: position.marginCents,
      remainingLots: 0,
      remainingUnits: 0,
      remainingMarginCents: 0n,
    };
  }
  const releasedMarginCents = (position.marginCents * closing) / held;
  const remainingLots = Number(held - closing) / 100;
  return {
    whole: false,
    closeUnits: unitsFromLots(closeLots, position.contractSize),
    releasedMarginCents,
    remainingLots,
    remainingUnits: unitsFromLots(remainingLots, position.contractSize),
    remainingMarginCents: position.marginCents - releasedMarginCents,
  };
}

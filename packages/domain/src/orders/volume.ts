import { err, ok, type Result } from '../errors.ts';
import { ORDER_MESSAGES, validationFailed } from './messages.ts';

/** Units in one lot when an asset gives none (SPEC §9 "Contract size default 100,000"). */
export const CONTRACT_SIZE_DEFAULT = 100_000;
/** An asset's `position` field when missing: units in the minimum 0.01 lot (SPEC §9 "position default 1,000"). */
export const POSITION_DEFAULT = 1_000;
/** Volume limits in lots (SPEC §9, DESIGN §6). */
export const MIN_LOTS = 0.01;
export const MAX_LOTS = 50;
export const LOT_STEP = 0.01;
/** What the order form starts with (SPEC §9 "Default order volume 0.01 lots"). */
export const DEFAULT_ORDER_LOTS = 0.01;

/** Lots are checked as whole hundredths, so 0.07 (7.000000000000001 hundredths in binary) counts as 7. */
const HUNDREDTHS = 100;
const MIN_HUNDREDTHS = 1;
const MAX_HUNDREDTHS = 5_000;
/**
 * Binary noise allowed around a whole hundredth. 1e-6 hundredths is 1e-8 lots, a thousandth of a
 * unit at the default contract size: far below anything a customer can type, far above float error.
 */
const NOISE = 1e-6;

/** Units (base-currency amount) of a volume in lots (DESIGN §6: units = lots × contract_size). */
export function unitsFromLots(lots: number, contractSize: number = CONTRACT_SIZE_DEFAULT): number {
  return lots * contractSize;
}

/** Lots of a volume in units, the inverse of {@link unitsFromLots} (SPEC §9: 1,000 units = 0.01 lots). */
export function lotsFromUnits(units: number, contractSize: number = CONTRACT_SIZE_DEFAULT): number {
  return units / contractSize;
}

/**
 * Checks an order volume in lots: 0.01 to 50, a whole multiple of 0.01 (SPEC §9, DESIGN §6).
 * On success gives the volume snapped to its exact hundredth (0.07000000000000001 → 0.07), so what
 * is stored is what the customer meant. Fails with VALIDATION_FAILED on the field `volume`.
 */
export function validateVolume(lots: number): Result<number> {
  const hundredths = lots * HUNDREDTHS;
  if (
    !Number.isFinite(hundredths) ||
    hundredths < MIN_HUNDREDTHS - NOISE ||
    hundredths > MAX_HUNDREDTHS + NOISE
  ) {
    return err(validationFailed({ volume: [ORDER_MESSAGES.volumeRange] }));
  }
  const whole = Math.round(hundredths);
  if (Math.abs(hundredths - whole) > NOISE) {
    return err(validationFailed({ volume: [ORDER_MESSAGES.volumeStep] }));
  }
  return ok(whole / HUNDREDTHS);
}

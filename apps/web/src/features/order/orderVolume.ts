import {
  err,
  lotsFromUnits,
  ORDER_MESSAGES,
  ok,
  type Result,
  stepVolume,
  unitsFromLots,
  type VolumeUnit,
  validateVolume,
} from '@openbroker/domain';
import { formatLots } from './format';

/**
 * The order form's volume box in its three units (SPEC §4 "volume unit lots/units/currency").
 * Lots and units are the same quantity at two scales; "currency" is the position's value in the
 * account currency at the side's opening price, which maps to the nearest whole hundredth of a lot
 * (a typed amount can never land exactly on the lot grid).
 */
export interface VolumeScale {
  /** Units in one lot (SPEC §9 default 100,000). */
  contractSize: number;
  /** What one unit is worth in the account currency at the opening price; null while unknown. */
  unitValue: number | null;
}

/** Strips float noise from a converted figure (1000 × 0.07 = 70.00000000000001). */
const tidy = (x: number, places: number): number => Number(x.toFixed(places));

/** Lots of `value` given in `unit`; NaN when it cannot be converted (no value or no price yet). */
export function toLots(value: number, unit: VolumeUnit, scale: VolumeScale): number {
  if (!Number.isFinite(value)) return Number.NaN;
  switch (unit) {
    case 'lots':
      return value;
    case 'units':
      return lotsFromUnits(value, scale.contractSize);
    case 'currency': {
      const lotValue = scale.unitValue === null ? Number.NaN : scale.unitValue * scale.contractSize;
      return lotValue > 0 ? Math.round((value / lotValue) * 100) / 100 : Number.NaN;
    }
  }
}

/** `lots` expressed in `unit`; NaN when it cannot be converted. */
export function fromLots(lots: number, unit: VolumeUnit, scale: VolumeScale): number {
  if (!Number.isFinite(lots)) return Number.NaN;
  switch (unit) {
    case 'lots':
      return lots;
    case 'units':
      return tidy(unitsFromLots(lots, scale.contractSize), 6);
    case 'currency':
      return scale.unitValue === null
        ? Number.NaN
        : tidy(unitsFromLots(lots, scale.contractSize) * scale.unitValue, 2);
  }
}

/** How a volume is written back into the box: lots with 2 decimals, the others as plain numbers. */
export function formatVolumeText(value: number, unit: VolumeUnit): string {
  if (!Number.isFinite(value)) return '';
  return unit === 'lots' ? formatLots(value) : String(tidy(value, 2));
}

/** The box's text as a number; empty text is NaN (nothing typed), never 0. */
export function parseVolumeText(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** The text after one click of + or − (SPEC §5: one step per unit; after a decrement at least one step). */
export function stepVolumeText(text: string, unit: VolumeUnit, direction: 'up' | 'down'): string {
  const value = parseVolumeText(text);
  return formatVolumeText(stepVolume(Number.isFinite(value) ? value : 0, unit, direction), unit);
}

/** The box's text converted for a new unit; empty when there was nothing convertible. */
export function convertVolumeText(
  text: string,
  from: VolumeUnit,
  to: VolumeUnit,
  scale: VolumeScale,
): string {
  if (from === to) return text;
  const lots = toLots(parseVolumeText(text), from, scale);
  return formatVolumeText(fromLots(lots, to, scale), to);
}

export interface OrderVolume {
  lots: number;
  units: number;
}

/**
 * The volume an order would trade, checked by the domain (SPEC §9: 0.01–50 lots, step 0.01):
 * fails with the domain's words ('Volume must be between 0.01 and 50 lots', '… a multiple of 0.01 lots').
 */
export function resolveOrderVolume(text: string, unit: VolumeUnit, scale: VolumeScale): Result<OrderVolume> {
  const lots = toLots(parseVolumeText(text), unit, scale);
  const checked = validateVolume(Number.isFinite(lots) ? lots : 0);
  if (!checked.ok) {
    return err(checked.error);
  }
  return ok({ lots: checked.value, units: tidy(unitsFromLots(checked.value, scale.contractSize), 6) });
}

/** The volume message to show under the box, or undefined when the volume is fine. */
export function volumeError(text: string, unit: VolumeUnit, scale: VolumeScale): string | undefined {
  const result = resolveOrderVolume(text, unit, scale);
  return result.ok ? undefined : (result.error.errors?.volume?.[0] ?? ORDER_MESSAGES.volumeRange);
}

/**
 * The order form's volume box (SPEC §4 "volume unit lots/units/currency"; SPEC §5 steps and input
 * filtering). Stepping works on whole steps, never by adding 0.01 to a float, so ten clicks up from
 * 0.01 give exactly 0.11.
 */
export const VOLUME_UNITS = ['lots', 'units', 'currency'] as const;
export type VolumeUnit = (typeof VOLUME_UNITS)[number];
export type StepDirection = 'up' | 'down';

/** One click of the +/− buttons in each unit (SPEC §5: 0.01 lots, 1000 units, 10 currency). */
export const VOLUME_STEPS: Readonly<Record<VolumeUnit, number>> = { lots: 0.01, units: 1000, currency: 10 };

/** A step as the fraction `size / per`, so lots use exact hundredths (k / 100) rather than k × 0.01. */
const GRID: Readonly<Record<VolumeUnit, { size: number; per: number }>> = {
  lots: { size: 1, per: 100 },
  units: { size: 1000, per: 1 },
  currency: { size: 10, per: 1 },
};

/**
 * The volume after one click up or down (SPEC §5). After a decrement the minimum is one step.
 * A value off the grid (typed 0.015) snaps to the neighbouring step in the click's direction;
 * an empty, negative or non-numeric value counts as 0, so either click gives one step.
 * There is no upper clamp here: the 50-lot limit is `validateVolume`'s message to give.
 */
export function stepVolume(value: number, unit: VolumeUnit, direction: StepDirection): number {
  const { size, per } = GRID[unit];
  // Capped so an absurd value still steps to a finite number.
  const steps =
    Number.isFinite(value) && value > 0 ? Math.min((value * per) / size, Number.MAX_SAFE_INTEGER) : 0;
  const nearest = Math.round(steps);
  // 0.07 lots is 7.000000000000001 hundredths in binary: that is step 7, not "between 7 and 8".
  const onGrid = Math.abs(steps - nearest) <= 1e-9 * Math.max(1, nearest);
  const k = onGrid ? nearest : steps;
  const next = direction === 'up' ? Math.floor(k) + 1 : Math.max(1, Math.ceil(k) - 1);
  return (next * size) / per;
}

/**
 * Filters typed volume text to digits with at most one decimal point (SPEC §5): every other
 * character is dropped, and so is every point after the first ("1.2.5" → "1.25", "1,000" → "1000").
 */
export function sanitizeVolumeInput(text: string): string {
  const kept = text.replace(/[^0-9.]/g, '');
  const point = kept.indexOf('.');
  if (point === -1) return kept;
  return `${kept.slice(0, point + 1)}${kept.slice(point + 1).replaceAll('.', '')}`;
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeVolumeInput, stepVolume, VOLUME_STEPS, VOLUME_UNITS } from './volumeInput.ts';

describe('order form volume box (SPEC §5)', () => {
  it('steps 0.01 lots, 1000 units or 10 currency', () => {
    expect(VOLUME_STEPS).toEqual({ lots: 0.01, units: 1000, currency: 10 });
  });

  it.each([
    [0.01, 'lots', 'up', 0.02],
    [0.07, 'lots', 'up', 0.08],
    [0.29, 'lots', 'down', 0.28],
    [0.02, 'lots', 'down', 0.01],
    [0.01, 'lots', 'down', 0.01],
    [0.015, 'lots', 'up', 0.02],
    [0.015, 'lots', 'down', 0.01],
    [0, 'lots', 'up', 0.01],
    [0, 'lots', 'down', 0.01],
    [Number.NaN, 'lots', 'up', 0.01],
    [-5, 'lots', 'down', 0.01],
    [5000, 'units', 'up', 6000],
    [1000, 'units', 'down', 1000],
    [1500, 'units', 'down', 1000],
    [100, 'currency', 'down', 90],
    [10, 'currency', 'down', 10],
    [15, 'currency', 'up', 20],
  ] as const)('%s %s stepped %s gives %s', (value, unit, direction, expected) => {
    expect(stepVolume(value, unit, direction)).toBe(expected);
  });

  it('lands on exact hundredths after many clicks, not float sums', () => {
    let v = 0.01;
    for (let i = 0; i < 10; i++) v = stepVolume(v, 'lots', 'up');
    expect(v).toBe(0.11);
    for (let i = 0; i < 20; i++) v = stepVolume(v, 'lots', 'down');
    expect(v).toBe(0.01);
  });

  it('never goes below one step after a decrement, and lands on the grid', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: false }), fc.constantFrom(...VOLUME_UNITS), (value, unit) => {
        const next = stepVolume(value, unit, 'down');
        expect(next).toBeGreaterThanOrEqual(VOLUME_STEPS[unit]);
        expect(Number.isFinite(next)).toBe(true);
        if (Math.abs(value) < 1e12) {
          const steps = next / VOLUME_STEPS[unit];
          expect(Math.abs(steps - Math.round(steps))).toBeLessThan(1e-6 * Math.max(1, steps));
        }
      }),
    );
  });

  it('undoes an up with a down on the grid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.constantFrom(...VOLUME_UNITS), (k, unit) => {
        const value = unit === 'lots' ? k / 100 : k * VOLUME_STEPS[unit];
        expect(stepVolume(stepVolume(value, unit, 'up'), unit, 'down')).toBe(value);
      }),
    );
  });

  it.each([
    ['0.05', '0.05'],
    ['1.2.5', '1.25'],
    ['1,000', '1000'],
    ['abc', ''],
    ['-3', '3'],
    ['1e5', '15'],
    ['.5', '.5'],
    [' 2 . 5 ', '2.5'],
    ['١٢', ''],
  ])('filters %j to %j', (typed, kept) => {
    expect(sanitizeVolumeInput(typed)).toBe(kept);
  });

  it('keeps only digits and at most one point, in order, idempotently', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const out = sanitizeVolumeInput(text);
        expect(out).toMatch(/^[0-9]*\.?[0-9]*$/);
        expect(out.replace('.', '')).toBe(text.replace(/[^0-9]/g, ''));
        expect(sanitizeVolumeInput(out)).toBe(out);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from './messages.ts';
import {
  CONTRACT_SIZE_DEFAULT,
  DEFAULT_ORDER_LOTS,
  LOT_STEP,
  lotsFromUnits,
  MAX_LOTS,
  MIN_LOTS,
  POSITION_DEFAULT,
  unitsFromLots,
  validateVolume,
} from './volume.ts';

const messageOf = (lots: number) => {
  const r = validateVolume(lots);
  return r.ok ? null : r.error.message;
};

describe('volume rules (SPEC §9, DESIGN §6)', () => {
  it('has SPEC §9 constants', () => {
    expect([
      CONTRACT_SIZE_DEFAULT,
      POSITION_DEFAULT,
      MIN_LOTS,
      MAX_LOTS,
      LOT_STEP,
      DEFAULT_ORDER_LOTS,
    ]).toEqual([100_000, 1_000, 0.01, 50, 0.01, 0.01]);
  });

  it('converts lots and units: 0.01 lots = 1,000 units, 50 lots = 5,000,000 units', () => {
    expect(unitsFromLots(0.01)).toBe(1_000);
    expect(unitsFromLots(50)).toBe(5_000_000);
    expect(unitsFromLots(0.1, 1_000)).toBe(100);
    expect(lotsFromUnits(1_000)).toBe(0.01);
    expect(lotsFromUnits(5_000_000)).toBe(50);
    expect(lotsFromUnits(100, 100)).toBe(1);
  });

  it.each([
    [0.01, null],
    [50, null],
    [1.23, null],
    [0.07, null],
    [0.29, null],
    [0, ORDER_MESSAGES.volumeRange],
    [0.005, ORDER_MESSAGES.volumeRange],
    [-1, ORDER_MESSAGES.volumeRange],
    [50.01, ORDER_MESSAGES.volumeRange],
    [Number.NaN, ORDER_MESSAGES.volumeRange],
    [Number.POSITIVE_INFINITY, ORDER_MESSAGES.volumeRange],
    [0.015, ORDER_MESSAGES.volumeStep],
    [1.001, ORDER_MESSAGES.volumeStep],
    [0.0100001, ORDER_MESSAGES.volumeStep],
  ])('validateVolume(%s) → %s', (lots, message) => {
    expect(messageOf(lots)).toBe(message);
  });

  it('names the field and code in the error', () => {
    expect(validateVolume(0.015)).toEqual({
      ok: false,
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Volume must be a multiple of 0.01 lots',
        errors: { volume: ['Volume must be a multiple of 0.01 lots'] },
      },
    });
    expect(messageOf(100)).toBe('Volume must be between 0.01 and 50 lots');
  });

  it('snaps float noise to the exact hundredth', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(validateVolume(0.1 + 0.2)).toEqual({ ok: true, value: 0.3 });
    expect(validateVolume(0.07 * 3)).toEqual({ ok: true, value: 0.21 });
  });

  it('accepts every multiple of 0.01 from 0.01 to 50, as typed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), (k) => {
        const typed = Number(`${k}e-2`);
        expect(validateVolume(typed)).toEqual({ ok: true, value: typed });
        expect(validateVolume(k * 0.01)).toEqual({ ok: true, value: typed });
      }),
    );
  });

  it('rejects every volume between two steps', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.double({ min: 0.001, max: 0.999, noNaN: true }),
        (k, f) => {
          expect(validateVolume((k + f) / 100).ok).toBe(false);
        },
      ),
    );
  });

  it('rejects every multiple outside 0.01–50', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -100_000, max: 0 }), fc.integer({ min: 5001, max: 10_000_000 })),
        (k) => {
          expect(messageOf(k / 100)).toBe(ORDER_MESSAGES.volumeRange);
        },
      ),
    );
  });
});

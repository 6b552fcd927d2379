import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lotsInHundredths, splitPosition } from './partialClose.ts';

const position = { lots: 1, units: 100_000, marginCents: 110_000n, contractSize: 100_000 };

describe('partial close (DESIGN §6)', () => {
  it('counts lots in whole hundredths despite float noise', () => {
    expect(lotsInHundredths(0.07)).toBe(7n);
    expect(lotsInHundredths(0.1 + 0.2)).toBe(30n);
    expect(lotsInHundredths(50)).toBe(5_000n);
  });

  it('splits off the closed lots with their share of the margin', () => {
    expect(splitPosition(position, 0.3)).toEqual({
      whole: false,
      closeUnits: 30_000,
      releasedMarginCents: 33_000n,
      remainingLots: 0.7,
      remainingUnits: 70_000,
      remainingMarginCents: 77_000n,
    });
  });

  it('rounds the released margin down to the cent and leaves the rest on the position', () => {
    const s = splitPosition({ lots: 0.03, units: 3_000, marginCents: 100n, contractSize: 100_000 }, 0.01);
    expect(s).toMatchObject({ releasedMarginCents: 33n, remainingMarginCents: 67n, remainingLots: 0.02 });
  });

  it('closes the whole position at or above its volume', () => {
    const whole = {
      whole: true,
      closeUnits: 100_000,
      releasedMarginCents: 110_000n,
      remainingLots: 0,
      remainingUnits: 0,
      remainingMarginCents: 0n,
    };
    expect(splitPosition(position, 1)).toEqual(whole);
    expect(splitPosition(position, 1.5)).toEqual(whole);
    expect(splitPosition({ ...position, lots: 0.1 + 0.2, units: 30_000 }, 0.3)).toMatchObject({
      whole: true,
    });
  });

  it('refuses a close of nothing', () => {
    expect(() => splitPosition(position, 0)).toThrow(RangeError);
    expect(() => splitPosition(position, 0.004)).toThrow(RangeError);
  });

  it('never loses or invents a cent of margin or a hundredth of a lot', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5_000 }),
        fc.integer({ min: 1, max: 4_999 }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        (heldHundredths, closeHundredths, marginCents) => {
          fc.pre(closeHundredths < heldHundredths);
          const lots = heldHundredths / 100;
          const s = splitPosition(
            { lots, units: lots * 1_000, marginCents, contractSize: 1_000 },
            closeHundredths / 100,
          );
          expect(s.whole).toBe(false);
          expect(s.releasedMarginCents + s.remainingMarginCents).toBe(marginCents);
          expect(s.releasedMarginCents >= 0n && s.remainingMarginCents >= 0n).toBe(true);
          expect(lotsInHundredths(s.remainingLots)).toBe(BigInt(heldHundredths - closeHundredths));
          expect(s.remainingLots * 100).toBeCloseTo(heldHundredths - closeHundredths, 9);
        },
      ),
    );
  });
});

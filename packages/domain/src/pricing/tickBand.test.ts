import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TICK_BAND,
  TickBand,
  type TickBandOptions,
  TickBands,
  type TickVerdict,
} from './tickBand.ts';

const SCALE = 0.004; // about EUR/USD's daily volatility
const opts = (o: Partial<TickBandOptions> = {}): TickBandOptions => ({ ...DEFAULT_TICK_BAND, ...o });

const optionsArb = fc.record({
  ticks: fc.integer({ min: 1, max: 41 }),
  multiple: fc.double({ min: 0.5, max: 10, noNaN: true }),
  confirmTicks: fc.integer({ min: 2, max: 6 }),
});
const startArb = fc.double({ min: 1e-4, max: 1e6, noNaN: true });
/** Moves between consecutive ticks as a fraction of the band's half-width (ln terms). */
const smallMoves = fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 200 });

describe('TickBand', () => {
  it('quarantines a +20% and a −20% EUR/USD print and keeps pricing from the old level', () => {
    const band = new TickBand(SCALE, DEFAULT_TICK_BAND, 1.1);
    expect(band.offer(1.1002)).toBe('accepted');
    expect(band.offer(1.32)).toBe('quarantined');
    expect(band.offer(1.1001)).toBe('accepted');
    expect(band.offer(0.88)).toBe('quarantined');
    expect(band.offer(1.0999)).toBe('accepted');
    expect(band.pending).toBe(0);
    expect(band.low).toBeLessThan(1.1);
    expect(band.high).toBeGreaterThan(1.1);
    expect(band.high).toBeLessThan(1.2);
  });

  it('accepts a gap once M ticks confirm it, then re-centres there', () => {
    const band = new TickBand(SCALE, opts({ confirmTicks: 3 }), 1.1);
    expect(band.offer(1.16)).toBe('quarantined');
    expect(band.offer(1.1605)).toBe('quarantined');
    expect(band.offer(1.1601)).toBe('confirmed');
    expect(band.centre).toBe(1.1601); // the median of the three that confirmed it
    expect(band.offer(1.1603)).toBe('accepted');
    expect(band.offer(1.1)).toBe('quarantined'); // the old level is now the outlier
  });

  it('refuses a price that is not positive and finite without disturbing the band', () => {
    const band = new TickBand(SCALE, DEFAULT_TICK_BAND, 1.1);
    for (const p of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(band.offer(p)).toBe('quarantined');
    expect(band.centre).toBe(1.1);
  });

  it('accepts the first price of an instrument with no known price', () => {
    const band = new TickBand(SCALE);
    expect(band.offer(42)).toBe('accepted');
    expect(band.centre).toBe(42);
  });

  it('never quarantines with confirmTicks 1 (the filter off)', () => {
    const band = new TickBand(SCALE, opts({ confirmTicks: 1 }), 1.1);
    expect(band.offer(1.32)).toBe('confirmed');
    expect(band.offer(1.3201)).toBe('accepted');
  });

  it('refuses nonsense options', () => {
    expect(() => new TickBand(0)).toThrow(RangeError);
    expect(() => new TickBand(SCALE, opts({ ticks: 0 }))).toThrow(RangeError);
    expect(() => new TickBand(SCALE, opts({ multiple: 0 }))).toThrow(RangeError);
    expect(() => new TickBand(SCALE, opts({ confirmTicks: 0.5 }))).toThrow(RangeError);
  });

  it('centres on the median of the last N accepted prices', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.array(fc.double({ min: 99, max: 101, noNaN: true }), { minLength: 1, maxLength: 100 }),
        (n, prices) => {
          // A wide band (k × scale = 1): every price here is accepted.
          const band = new TickBand(0.1, opts({ ticks: n, multiple: 10 }), 100);
          const window = [100];
          for (const p of prices) {
            expect(band.offer(p)).toBe('accepted');
            window.push(p);
          }
          const last = window.slice(-n).sort((a, b) => a - b);
          const mid = last.length >> 1;
          const median =
            last.length % 2 === 1 ? last[mid] : ((last[mid - 1] as number) + (last[mid] as number)) / 2;
          expect(band.centre).toBeCloseTo(median as number, 9);
        },
      ),
    );
  });

  it('property: a stream that stays within the band of every recent price is never quarantined', () => {
    fc.assert(
      fc.property(optionsArb, startArb, smallMoves, (o, start, moves) => {
        const half = o.multiple * SCALE;
        const band = new TickBand(SCALE, o, start);
        // Each price within half a band-width of the seed: every price of the window is
        // within the band of every other, so of their median too.
        for (const m of moves) {
          const p = start * Math.exp((m * half) / 2.0001);
          expect(band.offer(p)).toBe('accepted');
        }
      }),
    );
  });

  it('property: a random walk of steps well inside the band is never quarantined', () => {
    fc.assert(
      fc.property(optionsArb, startArb, smallMoves, (o, start, moves) => {
        const half = o.multiple * SCALE;
        const band = new TickBand(SCALE, o, start);
        let p = start;
        // The median lags the last price by at most N steps, so steps of half / (N + 1) stay inside.
        for (const m of moves) {
          p *= Math.exp((m * half) / (o.ticks + 1));
          expect(band.offer(p)).toBe('accepted');
        }
      }),
    );
  });

  it('property: a single spike beyond the band is always quarantined and changes nothing', () => {
    fc.assert(
      fc.property(
        optionsArb,
        startArb,
        smallMoves,
        fc.double({ min: 1.0001, max: 50, noNaN: true }),
        fc.boolean(),
        (o, start, moves, beyond, up) => {
          const half = o.multiple * SCALE;
          const band = new TickBand(SCALE, o, start);
          for (const m of moves) band.offer(start * Math.exp((m * half) / 2.0001));
          const centre = band.centre;
          const spike = centre * Math.exp((up ? 1 : -1) * half * beyond);
          expect(band.offer(spike)).toBe('quarantined');
          expect(band.centre).toBe(centre);
          expect(band.offer(centre)).toBe('accepted'); // back to normal: the candidate is dropped
          expect(band.pending).toBe(0);
        },
      ),
    );
  });

  it('property: a level shift is quarantined for M − 1 ticks and accepted at the M-th', () => {
    fc.assert(
      fc.property(
        optionsArb,
        startArb,
        fc.double({ min: 1.01, max: 50, noNaN: true }),
        fc.boolean(),
        fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 6, maxLength: 6 }),
        (o, start, beyond, up, noise) => {
          const half = o.multiple * SCALE;
          const band = new TickBand(SCALE, o, start);
          const level = start * Math.exp((up ? 1 : -1) * half * (beyond + 1));
          const at = (i: number) => level * Math.exp(((noise[i] as number) * half) / 2.0001);
          const verdicts: TickVerdict[] = [];
          for (let i = 0; i < o.confirmTicks; i++) verdicts.push(band.offer(at(i)));
          expect(verdicts).toEqual([
            ...Array<TickVerdict>(o.confirmTicks - 1).fill('quarantined'),
            'confirmed',
          ]);
          // Re-centred on the new level: it trades there and the old level is now out of band.
          expect(band.offer(level)).toBe('accepted');
          expect(band.offer(start)).toBe('quarantined');
        },
      ),
    );
  });
});

describe('TickBands', () => {
  it('property: state is per instrument; interleaving instruments changes no verdict', () => {
    const priceArb = fc.double({ min: 0.5, max: 2, noNaN: true });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 3 }), priceArb), { maxLength: 200 }),
        (stream) => {
          const together = new TickBands(DEFAULT_TICK_BAND);
          const alone = new Map<number, TickBand>();
          for (const id of [1, 2, 3]) {
            together.track(id, 0.05 * id, 1);
            alone.set(id, new TickBand(0.05 * id, DEFAULT_TICK_BAND, 1));
          }
          for (const [id, p] of stream) expect(together.offer(id, p)).toBe(alone.get(id)?.offer(p));
        },
      ),
    );
  });

  it('accepts ticks of an instrument it does not track', () => {
    const bands = new TickBands();
    expect(bands.offer(9, 1e9)).toBe('accepted');
    expect(bands.get(9)).toBeUndefined();
  });
});

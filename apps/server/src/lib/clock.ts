/** Time comes from here, so tests can set it (DESIGN §3). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export function manualClock(start: Date = new Date('2026-01-05T12:00:00Z')): Clock & {
  set(d: Date): void;
  advance(ms: number): void;
} {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    set: (d) => {
      t = d.getTime();
    },
    advance: (ms) => {
      t += ms;
    },
  };
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUTOTRADER_LEVELS, type AutoTraderLevel, type Intent, type RiskLimits } from './contract.ts';
import {
  AUTOTRADER_CAPS,
  autoTraderLimits,
  checkOpen,
  DEFAULT_LIMITS,
  equityStopHit,
  marginSkipMessage,
  minuteOfDayUtc,
  positionLimit,
  withinHours,
} from './risk.ts';
import { riskLimitsSchema } from './schemas.ts';

type Open = Extract<Intent, { type: 'open' }>;
const open = (lots: number): Open => ({ type: 'open', side: 'buy', lots, reason: 'test' });
const limits = (over: Partial<RiskLimits> = {}): RiskLimits => ({
  ...DEFAULT_LIMITS,
  maxLots: 0.1,
  maxOpenPositions: 3,
  ...over,
});
const ctx = (over: Partial<Parameters<typeof checkOpen>[1]> = {}) => ({
  openPositions: 0,
  limits: limits(),
  level: null,
  minuteOfDayUtc: 600,
  marketOpen: true,
  ...over,
});

describe('checkOpen', () => {
  it('allows an order within every limit', () => {
    expect(checkOpen(open(0.1), ctx())).toEqual({ ok: true });
  });
  it('refuses with a message the customer can read', () => {
    expect(checkOpen(open(0.1), ctx({ marketOpen: false }))).toEqual({
      ok: false,
      code: 'market_closed',
      message: 'Not executed: the market is closed',
    });
    expect(checkOpen(open(0.5), ctx())).toEqual({
      ok: false,
      code: 'max_lots',
      message: "Not executed: 0.50 lots is above this advisor's limit of 0.10",
    });
    expect(checkOpen(open(0.1), ctx({ openPositions: 3 }))).toEqual({
      ok: false,
      code: 'max_positions',
      message: "Not executed: 3 positions are open, this advisor's limit is 3",
    });
    expect(
      checkOpen(open(0.1), ctx({ openPositions: 4, level: 'medium', limits: autoTraderLimits('medium') })),
    ).toEqual({
      ok: false,
      code: 'autotrader_cap',
      message: 'Not executed: 4 positions are open, the limit for medium is 4',
    });
    expect(
      checkOpen(
        open(0.1),
        ctx({ limits: limits({ hours: { fromMinute: 480, toMinute: 1020 } }), minuteOfDayUtc: 1020 }),
      ),
    ).toEqual({
      ok: false,
      code: 'outside_hours',
      message: 'Not executed: outside the allowed trading hours (08:00–17:00 UTC)',
    });
    expect(checkOpen(open(0.005), ctx())).toMatchObject({ ok: false, code: 'rejected' });
    expect(checkOpen(open(0.011), ctx())).toMatchObject({ ok: false, code: 'rejected' });
  });
  it('counts 0.07 lots as 0.07 despite binary noise', () => {
    expect(checkOpen(open(0.1 - 0.03), ctx({ limits: limits({ maxLots: 0.07 }) }))).toEqual({ ok: true });
  });
  it('lets the AutoTrader cap bite below the run limit', () => {
    expect(
      checkOpen(
        open(0.01),
        ctx({ openPositions: 2, level: 'low', limits: limits({ maxOpenPositions: 10 }) }),
      ),
    ).toMatchObject({
      code: 'autotrader_cap',
    });
    expect(
      checkOpen(
        open(0.01),
        ctx({ openPositions: 50, level: 'high', limits: limits({ maxOpenPositions: 100 }) }),
      ),
    ).toEqual({
      ok: true,
    });
  });
  it('gives a margin message with figures', () => {
    expect(marginSkipMessage(11_000, 5_000n, 'USD')).toBe(
      'Not executed: not enough free margin (needs 110.00 USD, free 50.00 USD)',
    );
  });
});

describe('limits', () => {
  it('caps AutoTrader levels as SPEC §9 says and keeps the broker limits valid', () => {
    expect(AUTOTRADER_CAPS).toEqual({ low: 2, medium: 4, high: null });
    for (const level of AUTOTRADER_LEVELS) {
      expect(riskLimitsSchema.safeParse(autoTraderLimits(level)).success).toBe(true);
    }
    expect(riskLimitsSchema.safeParse(DEFAULT_LIMITS).success).toBe(true);
    expect(positionLimit(limits({ maxOpenPositions: 10 }), 'low')).toBe(2);
    expect(positionLimit(limits({ maxOpenPositions: 10 }), 'high')).toBe(10);
    expect(positionLimit(limits({ maxOpenPositions: 1 }), 'medium')).toBe(1);
  });
});

describe('withinHours', () => {
  it('is [from, to), wraps midnight, and null allows any time', () => {
    expect(withinHours(null, 0)).toBe(true);
    const day = { fromMinute: 480, toMinute: 1020 };
    expect([479, 480, 1019, 1020].map((m) => withinHours(day, m))).toEqual([false, true, true, false]);
    const night = { fromMinute: 1320, toMinute: 360 };
    expect([1319, 1320, 0, 359, 360, 720].map((m) => withinHours(night, m))).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(withinHours({ fromMinute: 0, toMinute: 1440 }, 1439)).toBe(true);
  });
  it('reads the UTC minute of a moment', () => {
    expect(minuteOfDayUtc(Date.UTC(2025, 0, 1, 13, 45, 59))).toBe(825);
  });
});

describe('equityStopHit', () => {
  it('fires at the set percentage below the start, and is off at 0', () => {
    const l = { equityStopPct: 20 };
    expect(equityStopHit(100_000n, 80_001n, l)).toBe(false);
    expect(equityStopHit(100_000n, 80_000n, l)).toBe(true);
    expect(equityStopHit(100_000, 50_000, { equityStopPct: 0 })).toBe(false);
    expect(equityStopHit(0, -5, l)).toBe(false);
  });
});

describe('an executor that obeys checkOpen never exceeds its limits (property)', () => {
  const op = fc.oneof(
    fc.record({ kind: fc.constant('open' as const), hundredths: fc.integer({ min: 1, max: 300 }) }),
    fc.record({ kind: fc.constant('close' as const), index: fc.nat() }),
  );
  const limitsArb = fc.record({
    maxLots: fc.integer({ min: 1, max: 200 }).map((h) => h / 100),
    maxOpenPositions: fc.integer({ min: 1, max: 12 }),
    equityStopPct: fc.constant(0),
    closeOnEquityStop: fc.boolean(),
    hours: fc.constant(null),
  });
  const levelArb = fc.constantFrom<AutoTraderLevel | null>(null, ...AUTOTRADER_LEVELS);
  it('holds for any sequence of opens and closes', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), limitsArb, levelArb, (ops, lim, level) => {
        const cap = level === null ? null : AUTOTRADER_CAPS[level];
        const most = cap === null ? lim.maxOpenPositions : Math.min(cap, lim.maxOpenPositions);
        const held: number[] = [];
        for (const o of ops) {
          if (o.kind === 'close') {
            if (held.length > 0) held.splice(o.index % held.length, 1);
            continue;
          }
          const lots = o.hundredths / 100;
          const verdict = checkOpen(open(lots), {
            openPositions: held.length,
            limits: lim,
            level,
            minuteOfDayUtc: 0,
            marketOpen: true,
          });
          if (!verdict.ok) continue;
          held.push(lots);
          expect(lots).toBeLessThanOrEqual(lim.maxLots + 1e-9);
          expect(held.length).toBeLessThanOrEqual(most);
        }
      }),
      { numRuns: 300 },
    );
  });
});

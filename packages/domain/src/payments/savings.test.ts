import { describe, expect, it } from 'vitest';
import { canTransition, statesLeadingTo } from '../money/transitions.ts';
import {
  accrueDays,
  addDays,
  dailyInterest,
  daysToAccrue,
  INTEREST_CARRY_UNITS_PER_CENT,
  isRedeemable,
  maturityOf,
  rateToBps,
  SAVINGS_TRANSITIONS,
  utcDay,
} from './savings.ts';

describe('dailyInterest', () => {
  it('pays rate ÷ 365 of the principal a day in whole cents and carries the rest', () => {
    // $1,000 at 5 %: 13.698… cents a day.
    const first = dailyInterest(100_000n, 500, 0n);
    expect(first.cents).toBe(13n);
    expect(first.carry).toBe(100_000n * 500n - 13n * INTEREST_CARRY_UNITS_PER_CENT);
    const second = dailyInterest(100_000n, 500, first.carry);
    expect(second.cents).toBe(14n);
  });

  it('pays exactly principal × rate over 365 days, nothing lost to rounding', () => {
    for (const [principal, bps] of [
      [100_000n, 500],
      [1n, 300],
      [123_456_789n, 437],
      [99n, 1],
    ] as const) {
      const year = accrueDays(principal, bps, 0n, 365);
      expect(year.total).toBe((principal * BigInt(bps)) / 10_000n);
      expect(year.total * 10_000n + year.carry / 365n).toBe(principal * BigInt(bps));
    }
  });

  it('lets small balances earn eventually instead of rounding to zero each day', () => {
    const r = accrueDays(100n, 300, 0n, 365);
    expect(r.total).toBe(3n);
    expect(r.perDay.filter((c) => c > 0n)).toHaveLength(3);
  });

  it('pays nothing on a zero rate or principal and keeps the carry', () => {
    expect(dailyInterest(0n, 500, 7n)).toEqual({ cents: 0n, carry: 7n });
    expect(dailyInterest(100n, 0, 7n)).toEqual({ cents: 0n, carry: 7n });
  });

  it('sums day by day the same as in one go', () => {
    let carry = 0n;
    let total = 0n;
    for (let i = 0; i < 30; i++) {
      const d = dailyInterest(5_000_00n, 325, carry);
      total += d.cents;
      carry = d.carry;
    }
    expect(accrueDays(5_000_00n, 325, 0n, 30)).toMatchObject({ total, carry });
  });
});

describe('accrual days', () => {
  const started = new Date('2026-01-07T15:00:00Z');

  it('counts each day held at its end, from the day of subscription up to yesterday', () => {
    expect(daysToAccrue({ startedAt: started, maturesAt: null, accruedThrough: null }, started)).toEqual([]);
    expect(
      daysToAccrue(
        { startedAt: started, maturesAt: null, accruedThrough: null },
        new Date('2026-01-08T00:00:00Z'),
      ),
    ).toEqual(['2026-01-07']);
    expect(
      daysToAccrue(
        { startedAt: started, maturesAt: null, accruedThrough: '2026-01-07' },
        new Date('2026-01-10T09:00:00Z'),
      ),
    ).toEqual(['2026-01-08', '2026-01-09']);
  });

  it('gives a fixed term of N days exactly N days, however late the job runs', () => {
    const maturesAt = maturityOf(started, 90);
    expect(maturesAt?.toISOString()).toBe('2026-04-07T15:00:00.000Z');
    const days = daysToAccrue(
      { startedAt: started, maturesAt, accruedThrough: null },
      new Date('2026-09-01Z'),
    );
    expect(days).toHaveLength(90);
    expect(days.at(-1)).toBe('2026-04-06');
  });

  it('handles month and year ends', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(utcDay(new Date('2026-01-07T23:59:59.999Z'))).toBe('2026-01-07');
  });

  it('converts percent to basis points', () => {
    expect(rateToBps(4.5)).toBe(450);
    expect(rateToBps(3)).toBe(300);
    expect(rateToBps(0.07)).toBe(7);
  });
});

describe('redemption', () => {
  it('lets a flexible deposit go any time and a fixed one only once matured', () => {
    const now = new Date('2026-02-01T00:00:00Z');
    expect(isRedeemable({ status: 'active', maturesAt: null }, now)).toBe(true);
    expect(isRedeemable({ status: 'active', maturesAt: new Date('2026-02-02Z') }, now)).toBe(false);
    expect(isRedeemable({ status: 'active', maturesAt: now }, now)).toBe(true);
    expect(isRedeemable({ status: 'redeemed', maturesAt: null }, now)).toBe(false);
  });

  it('moves active to redeemed once', () => {
    expect(canTransition(SAVINGS_TRANSITIONS, 'active', 'redeemed')).toBe(true);
    expect(canTransition(SAVINGS_TRANSITIONS, 'redeemed', 'active')).toBe(false);
    expect(statesLeadingTo(SAVINGS_TRANSITIONS, 'redeemed')).toEqual(['active']);
  });
});

import { z } from 'zod';
import type { Transitions } from '../money/transitions.ts';
import { pagedSchema } from '../schemas/trading.ts';

export const SAVINGS_KINDS = ['flexible', 'fixed'] as const;
export type SavingsKind = (typeof SAVINGS_KINDS)[number];

export const SAVINGS_STATUSES = ['active', 'redeemed'] as const;
export type SavingsStatus = (typeof SAVINGS_STATUSES)[number];

export const SAVINGS_TRANSITIONS: Transitions<SavingsStatus> = { active: ['redeemed'], redeemed: [] };

/** Fixed terms come in multiples of this many days. */
export const SAVINGS_TERM_STEP_DAYS = 30;

/**
 * A day's interest is principal × bps ÷ (10,000 × 365) cents. The carry is the remainder of that
 * division, kept in units of 1/3,650,000 of a cent, so the running total is exact: a year of
 * daily accrual pays exactly principal × rate, and no fraction of a cent is ever lost.
 */
export const INTEREST_CARRY_UNITS_PER_CENT = 10_000n * 365n;

/**
 * One day's interest on `principalCents` at `annualRateBps` (rate ÷ 365), in whole cents, with the
 * sub-cent part carried to the next day (`carry`, in 1/3,650,000 of a cent; 0 on the first day),
 * so small balances still earn and nothing is lost to rounding over a year.
 */
export function dailyInterest(
  principalCents: bigint,
  annualRateBps: number,
  carry: bigint,
): { cents: bigint; carry: bigint } {
  if (principalCents <= 0n || annualRateBps <= 0) return { cents: 0n, carry };
  const parts = principalCents * BigInt(annualRateBps) + carry;
  return { cents: parts / INTEREST_CARRY_UNITS_PER_CENT, carry: parts % INTEREST_CARRY_UNITS_PER_CENT };
}

/** Percent a year (4.5) to basis points (450), to the nearest basis point. */
export function rateToBps(annualRatePercent: number): number {
  return Math.round(annualRatePercent * 100);
}

const DAY_MS = 86_400_000;

/** A UTC calendar day as `YYYY-MM-DD`. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The UTC day `n` days after `day` (`YYYY-MM-DD`). */
export function addDays(day: string, n: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
}

/** When a fixed term started at `startedAt` matures: exactly `termDays` × 24 h later; null for flexible. */
export function maturityOf(startedAt: Date, termDays: number | null): Date | null {
  return termDays === null ? null : new Date(startedAt.getTime() + termDays * DAY_MS);
}

export interface AccruingPosition {
  startedAt: Date;
  maturesAt: Date | null;
  /** The last day already accrued, or null when none has been. */
  accruedThrough: string | null;
}

/**
 * The UTC days still to accrue for a position at `now`, oldest first (end-of-day convention, as a
 * bank pays on the balance held at each midnight): a day earns when the money was in at its end,
 * from the day of subscription up to yesterday, and for a fixed term up to the day before
 * maturity, so a term of N days earns exactly N days. Today never earns until it is over.
 */
export function daysToAccrue(p: AccruingPosition, now: Date): string[] {
  const first = p.accruedThrough === null ? utcDay(p.startedAt) : addDays(p.accruedThrough, 1);
  let last = addDays(utcDay(now), -1);
  if (p.maturesAt !== null) {
    const beforeMaturity = addDays(utcDay(p.maturesAt), -1);
    if (beforeMaturity < last) last = beforeMaturity;
  }
  const out: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * Interest for consecutive days, each day's whole cents and the carry left after the last:
 * {@link dailyInterest} applied day after day.
 */
export function accrueDays(
  principalCents: bigint,
  annualRateBps: number,
  carry: bigint,
  days: number,
): { perDay: bigint[]; total: bigint; carry: bigint } {
  const perDay: bigint[] = [];
  let total = 0n;
  let c = carry;
  for (let i = 0; i < days; i++) {
    const day = dailyInterest(principalCents, annualRateBps, c);
    perDay.push(day.cents);
    total += day.cents;
    c = day.carry;
  }
  return { perDay, total, carry: c };
}

/** Whether a position may be redeemed now: flexible any time, a fixed term once it has matured. */
export function isRedeemable(p: { status: SavingsStatus; maturesAt: Date | null }, now: Date): boolean {
  if (p.status !== 'active') return false;
  return p.maturesAt === null || p.maturesAt.getTime() <= now.getTime();
}

/** `GET /savings/history`: the savings movements of the customer's accounts, from the ledger. */
export const savingsHistoryEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  kind: z.enum(['savings_subscribe', 'savings_redeem', 'savings_interest']),
  description: z.string(),
  account_id: z.number(),
  account_number: z.string(),
  currency: z.string(),
  position_id: z.number().nullable(),
  /** Signed, as the trading account saw it: a subscription is negative, a redemption positive. */
  amount: z.number(),
});
export type SavingsHistoryEntry = z.infer<typeof savingsHistoryEntrySchema>;
export const savingsHistoryPageSchema = pagedSchema(savingsHistoryEntrySchema);

import type { Transitions } from '../money/transitions.ts';

export const SAVINGS_KINDS = ['flexible', 'fixed'] as const;
export type SavingsKind = (typeof SAVINGS_KINDS)[number];

export const SAVINGS_STATUSES = ['active', 'redeemed'] as const;
export type SavingsStatus = (typeof SAVINGS_STATUSES)[number];

export const SAVINGS_TRANSITIONS: Transitions<SavingsStatus> = { active: ['redeemed'], redeemed: [] };

/** Fixed terms come in multiples of this many days. */
export const SAVINGS_TERM_STEP_DAYS = 30;

const MICROS_PER_CENT = 1_000_000n;

/**
 * One day's interest on `principalCents` at `annualRateBps` (rate ÷ 365), in whole cents, with the
 * sub-cent part carried to the next day in millionths of a cent, so small balances still earn
 * and nothing is lost to rounding over a year.
 */
export function dailyInterest(
  principalCents: bigint,
  annualRateBps: number,
  carryMicros: bigint,
): { cents: bigint; carryMicros: bigint } {
  if (principalCents <= 0n || annualRateBps <= 0) return { cents: 0n, carryMicros };
  // principal × bps / 10,000 / 365, in micro-cents.
  const micros = (principalCents * BigInt(annualRateBps) * MICROS_PER_CENT) / (10_000n * 365n) + carryMicros;
  return { cents: micros / MICROS_PER_CENT, carryMicros: micros % MICROS_PER_CENT };
}

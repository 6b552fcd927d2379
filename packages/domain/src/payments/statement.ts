import type { LedgerKind } from '../money/ledger.ts';

/** The lines of a statement's summary, in the order a statement shows them. */
export const STATEMENT_GROUPS = [
  'deposits',
  'withdrawals',
  'transfers',
  'realised_pnl',
  'interest',
  'savings',
  'fees',
  'purchases',
  'adjustments',
] as const;
export type StatementGroup = (typeof STATEMENT_GROUPS)[number];

export const STATEMENT_GROUP_LABELS: Readonly<Record<StatementGroup, string>> = {
  deposits: 'Deposits',
  withdrawals: 'Withdrawals',
  transfers: 'Transfers',
  realised_pnl: 'Realised P/L',
  interest: 'Interest',
  savings: 'Savings (in and out)',
  fees: 'Fees',
  purchases: 'Purchases',
  adjustments: 'Adjustments',
};

/**
 * Which summary line each ledger kind counts in. Withdrawals are net of released holds (a
 * cancelled request nets to zero); realised P/L includes what negative balance protection wrote
 * off; interest is the customer's savings interest (booked as `savings_interest` when a deposit is
 * redeemed; the daily accrual between house accounts never touches an account); savings is money
 * moved into and back out of savings products (principal only).
 */
export const STATEMENT_GROUP_OF: Readonly<Record<LedgerKind, StatementGroup>> = {
  deposit: 'deposits',
  withdrawal_hold: 'withdrawals',
  withdrawal_release: 'withdrawals',
  withdrawal_payout: 'withdrawals',
  transfer: 'transfers',
  realised_pnl: 'realised_pnl',
  negative_balance_protection: 'realised_pnl',
  savings_interest: 'interest',
  savings_subscribe: 'savings',
  savings_redeem: 'savings',
  deposit_fee: 'fees',
  withdrawal_fee: 'fees',
  staff_adjustment: 'adjustments',
  seed_funding: 'adjustments',
  demo_funding: 'adjustments',
  advisor_purchase: 'purchases',
};

/** A kind this version does not know still counts, as an adjustment, so the totals always add up. */
export function statementGroupOf(kind: string): StatementGroup {
  return (STATEMENT_GROUP_OF as Readonly<Record<string, StatementGroup | undefined>>)[kind] ?? 'adjustments';
}

const KIND_LABELS: Readonly<Record<LedgerKind, string>> = {
  deposit: 'Deposit',
  deposit_fee: 'Deposit fee',
  withdrawal_hold: 'Withdrawal',
  withdrawal_release: 'Withdrawal returned',
  withdrawal_payout: 'Withdrawal paid out',
  withdrawal_fee: 'Withdrawal fee',
  transfer: 'Transfer',
  realised_pnl: 'Realised P/L',
  negative_balance_protection: 'Negative balance protection',
  savings_subscribe: 'Savings deposit',
  savings_redeem: 'Savings redemption',
  savings_interest: 'Savings interest',
  staff_adjustment: 'Balance adjustment',
  seed_funding: 'Initial funding',
  demo_funding: 'Demo funds',
  advisor_purchase: 'Expert Advisor purchase',
};

const REF_LABELS: Readonly<Record<string, string>> = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  transfer: 'transfer',
  savings_position: 'deposit',
};

export interface StatementLedgerEntry {
  id: number;
  at: Date;
  kind: string;
  /** Signed change of the account's balance, in cents. */
  amountCents: bigint;
  tradeId: number | null;
  refType: string | null;
  refId: number | null;
}

/**
 * What a statement line says. Built from the kind and what the entry belongs to, never from the
 * ledger's free-text reason: a staff adjustment's reason may be an internal note.
 */
export function describeEntry(
  e: Pick<StatementLedgerEntry, 'kind' | 'tradeId' | 'refType' | 'refId'>,
): string {
  const label = (KIND_LABELS as Readonly<Record<string, string | undefined>>)[e.kind] ?? 'Adjustment';
  if (e.tradeId !== null) return `${label}, trade #${e.tradeId}`;
  if (e.refType !== null && e.refId !== null) {
    const what = REF_LABELS[e.refType] ?? e.refType.replaceAll('_', ' ');
    // "Deposit #5", "Savings deposit #7", but "Deposit fee, deposit #5".
    if (label.toLowerCase().endsWith(what)) return `${label} #${e.refId}`;
    return `${label}, ${what} #${e.refId}`;
  }
  return label;
}

export interface StatementLine {
  id: number;
  at: Date;
  kind: string;
  description: string;
  amountCents: bigint;
  /** The balance after this entry. */
  balanceCents: bigint;
}

export interface StatementTotals {
  openingCents: bigint;
  groups: Record<StatementGroup, bigint>;
  closingCents: bigint;
  lines: StatementLine[];
}

/**
 * A statement from the ledger alone (issue 14): the opening balance (every balance entry before
 * the period), each period entry in order with the running balance, the period's entries summed by
 * {@link statementGroupOf}, and closing = opening + Σ entries, which always equals opening + Σ groups.
 */
export function buildStatement(
  openingCents: bigint,
  entries: readonly StatementLedgerEntry[],
): StatementTotals {
  const groups = Object.fromEntries(STATEMENT_GROUPS.map((g) => [g, 0n])) as Record<StatementGroup, bigint>;
  let balance = openingCents;
  const lines: StatementLine[] = [];
  const ordered = [...entries].sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id);
  for (const e of ordered) {
    balance += e.amountCents;
    const g = statementGroupOf(e.kind);
    groups[g] += e.amountCents;
    lines.push({
      id: e.id,
      at: e.at,
      kind: e.kind,
      description: describeEntry(e),
      amountCents: e.amountCents,
      balanceCents: balance,
    });
  }
  return { openingCents, groups, closingCents: balance, lines };
}

/** The longest period one statement covers, in days (both ends included). */
export const STATEMENT_MAX_DAYS = 366;

const DAY_MS = 86_400_000;

/**
 * A statement period of whole UTC days, `from` and `to` included: the instants [from 00:00, the
 * day after `to` 00:00). An error message when `to` is before `from` or the period is too long.
 */
export function statementPeriod(
  from: string,
  to: string,
): { ok: true; start: Date; end: Date } | { ok: false; field: 'from' | 'to'; message: string } {
  const start = new Date(`${from}T00:00:00Z`);
  const last = new Date(`${to}T00:00:00Z`);
  if (Number.isNaN(start.getTime()))
    return { ok: false, field: 'from', message: 'Use a date such as 2026-01-31' };
  if (Number.isNaN(last.getTime()))
    return { ok: false, field: 'to', message: 'Use a date such as 2026-01-31' };
  if (last < start)
    return { ok: false, field: 'to', message: 'The end date must not be before the start date.' };
  const days = Math.round((last.getTime() - start.getTime()) / DAY_MS) + 1;
  if (days > STATEMENT_MAX_DAYS) {
    return { ok: false, field: 'to', message: `A statement covers at most ${STATEMENT_MAX_DAYS} days.` };
  }
  return { ok: true, start, end: new Date(last.getTime() + DAY_MS) };
}

import { formatFixed, roundHalfAwayFromZero } from '../money/rounding.ts';

/** One open position's share of an account, already in the account currency (`toAccountCurrency`). */
export interface PositionExposure {
  marginAcct: number;
  pnlAcct: number;
}

export interface AccountSummaryInput {
  /** Cash balance in account-currency units (`centsToAmount` of the ledger balance). */
  balance: number;
  /** Broker credit (bonus) in the same units (SPEC §3 User.credit_balance). */
  credit: number;
  positions: readonly PositionExposure[];
}

/** SPEC §3 Account summary, less the placeholder lifetimePnl (SPEC §9). */
export interface AccountSummary {
  balance: number;
  credit: number;
  equity: number;
  margin: number;
  freeMargin: number;
  /** Percent with 2 decimals, or Infinity when no margin is held. */
  marginLevel: number;
  /** Floating P/L of all open positions. */
  pnl: number;
}

/**
 * Equity ÷ margin as a percentage rounded to 2 decimals, or Infinity when margin is 0 (SPEC §9,
 * DESIGN §6). Negative equity gives a negative level, which is below any stop-out.
 */
export function marginLevel(equity: number, usedMargin: number): number {
  if (usedMargin === 0) return Number.POSITIVE_INFINITY;
  const level = (equity / usedMargin) * 100;
  // A denormal margin could overflow the ratio; Infinity must keep meaning "no margin held".
  if (level === Number.POSITIVE_INFINITY) return Number.MAX_VALUE;
  if (level === Number.NEGATIVE_INFINITY) return -Number.MAX_VALUE;
  return roundHalfAwayFromZero(level, 2);
}

/** An account's totals, already in the account currency: what {@link summarizeTotals} needs. */
export interface AccountTotals {
  balance: number;
  credit: number;
  /** Margin held by all open positions. */
  margin: number;
  /** Floating P/L of all open positions. */
  pnl: number;
}

/**
 * Equity = balance + credit + floating P/L (SPEC §9, DESIGN §6). SPEC and DESIGN write
 * "balance + pnl" without mentioning credit; we count credit as MetaTrader 5 does, because a bonus
 * the broker grants is there to carry positions, and leaving it out would stop customers out
 * while they still hold it. With no credit the two formulas agree.
 */
export function equityOf(balance: number, credit: number, floatingPnl: number): number {
  return balance + credit + floatingPnl;
}

/**
 * The account summary from totals kept elsewhere (the risk engine keeps margin and floating P/L
 * per account incrementally): equity by {@link equityOf}, free margin = equity − margin, margin
 * level = equity ÷ margin × 100 (SPEC §3, §9; DESIGN §6).
 */
export function summarizeTotals(totals: AccountTotals): AccountSummary {
  const equity = equityOf(totals.balance, totals.credit, totals.pnl);
  return {
    balance: totals.balance,
    credit: totals.credit,
    equity,
    margin: totals.margin,
    freeMargin: equity - totals.margin,
    marginLevel: marginLevel(equity, totals.margin),
    pnl: totals.pnl,
  };
}

/**
 * The account summary (SPEC §3, §9; DESIGN §6) of a list of positions: margin and pnl are the
 * positions' sums, the rest as {@link summarizeTotals}.
 */
export function accountSummary(input: AccountSummaryInput): AccountSummary {
  let usedMargin = 0;
  let floating = 0;
  for (const p of input.positions) {
    usedMargin += p.marginAcct;
    floating += p.pnlAcct;
  }
  return summarizeTotals({ balance: input.balance, credit: input.credit, margin: usedMargin, pnl: floating });
}

/** A margin level for display: "∞" when no margin is held (SPEC §9), else e.g. "245.10%". */
export function formatMarginLevel(level: number): string {
  if (level === Number.POSITIVE_INFINITY) return '∞';
  if (!Number.isFinite(level)) return '—';
  return `${formatFixed(level, 2)}%`;
}

/** What an account's withdrawable amount is computed from, in cents of its currency. */
export interface WithdrawableInput {
  /** The cash balance (a held withdrawal has already left it through the ledger). */
  balanceCents: bigint;
  /** Credit granted by staff: it backs trading but is never paid out. */
  creditCents: bigint;
  /** Margin held by open positions. */
  usedMarginCents: bigint;
  /** Floating P/L of open positions at live prices (negative for a loss). */
  floatingPnlCents: bigint;
}

/**
 * What may leave an account now (issue 14: "free margin, never credit"), in cents: free margin
 * without the credit (equity − credit − used margin), and never more than the cash balance, so a
 * floating loss lowers it but a floating profit (not yet realised) cannot raise it above the
 * balance. Never negative.
 */
export function withdrawableCents(i: WithdrawableInput): bigint {
  const equity = i.balanceCents + i.creditCents + i.floatingPnlCents;
  const freeOfCredit = equity - i.creditCents - i.usedMarginCents;
  const cap = freeOfCredit < i.balanceCents ? freeOfCredit : i.balanceCents;
  return cap > 0n ? cap : 0n;
}

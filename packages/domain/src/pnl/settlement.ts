/** How a realised P/L lands on an account (DESIGN §6 negative balance protection), in cents. */
export interface SettlementSplit {
  /**
   * The change to the cash balance: the profit when positive; when negative, the part of the
   * loss the balance pays (never more than the balance held).
   */
  toBalanceCents: bigint;
  /** The part of a loss taken from credit (bonus) once the balance is spent; 0 or more. */
  fromCreditCents: bigint;
  /** What neither covers: booked to the house as negative balance protection; 0 or more. */
  deficitCents: bigint;
}

export interface SettlementInput {
  /** Realised P/L of the close, already rounded to the cent (DESIGN §3). */
  pnlCents: bigint;
  /** Cash balance before the close; a negative one counts as nothing to pay from. */
  balanceCents: bigint;
  /** Credit (bonus) before the close; a negative one counts as nothing to pay from. */
  creditCents: bigint;
}

const atLeastZero = (x: bigint) => (x > 0n ? x : 0n);
const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * The settlement waterfall of a closed position (DESIGN §6): a profit goes to the balance; a loss
 * is paid from the balance, then from credit (a bonus exists to carry positions and is the
 * broker's own money), and whatever is left over is negative balance protection: the house books
 * the deficit, so the customer never owes more than they held.
 *
 * Invariants: `-pnl = -toBalance + fromCredit + deficit` for a loss; the balance and credit never
 * go below zero; the deficit is positive only when both are exhausted.
 */
export function settlementSplit(input: SettlementInput): SettlementSplit {
  const { pnlCents } = input;
  if (pnlCents >= 0n) return { toBalanceCents: pnlCents, fromCreditCents: 0n, deficitCents: 0n };
  const loss = -pnlCents;
  const fromBalance = min(loss, atLeastZero(input.balanceCents));
  const rest = loss - fromBalance;
  const fromCredit = min(rest, atLeastZero(input.creditCents));
  return { toBalanceCents: -fromBalance, fromCreditCents: fromCredit, deficitCents: rest - fromCredit };
}

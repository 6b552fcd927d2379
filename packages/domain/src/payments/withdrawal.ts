import type { Transitions } from '../money/transitions.ts';

export const WITHDRAWAL_METHODS = ['crypto', 'bank', 'card'] as const;
export type WithdrawalMethod = (typeof WITHDRAWAL_METHODS)[number];

/**
 * requested → held (the amount and fee are held in the ledger at once) → approved (one staff
 * approval, or two by different staff above the threshold) → processing (paid out) → completed.
 * Rejected (coded reason) or cancelled by the customer before approval: the hold is released.
 * A payout that fails while processing returns to `approved` to be retried, or is rejected.
 */
export const WITHDRAWAL_STATUSES = [
  'requested',
  'held',
  'approved',
  'processing',
  'completed',
  'rejected',
  'cancelled',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const WITHDRAWAL_TRANSITIONS: Transitions<WithdrawalStatus> = {
  requested: ['held', 'rejected', 'cancelled'],
  held: ['approved', 'rejected', 'cancelled'],
  approved: ['processing', 'rejected'],
  processing: ['completed', 'approved', 'rejected'],
  completed: [],
  rejected: [],
  cancelled: [],
};

export const WITHDRAWAL_STATUS_LABELS: Readonly<Record<WithdrawalStatus, string>> = {
  requested: 'Requested',
  held: 'Awaiting approval',
  approved: 'Approved',
  processing: 'Processing',
  completed: 'Completed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

/** Why staff refuse a withdrawal; the label is what the customer reads. */
export const WITHDRAWAL_REJECTION_CODES = [
  'verification_required',
  'name_mismatch',
  'invalid_destination',
  'open_positions_risk',
  'suspected_fraud',
  'duplicate_request',
  'other',
] as const;
export type WithdrawalRejectionCode = (typeof WITHDRAWAL_REJECTION_CODES)[number];

export const WITHDRAWAL_REJECTION_LABELS: Readonly<Record<WithdrawalRejectionCode, string>> = {
  verification_required: 'Further verification is required',
  name_mismatch: 'The receiving account is not in your name',
  invalid_destination: 'The destination could not be used',
  open_positions_risk: 'Your open positions need this margin',
  suspected_fraud: 'Refused for security reasons',
  duplicate_request: 'Duplicate request',
  other: 'Other',
};

/** A completed card deposit and how much of it can still be paid back to its card, in cents. */
export interface RefundableDeposit {
  depositId: number;
  refundableCents: bigint;
}

/**
 * Card withdrawals pay card deposits back to the same card, oldest first (issue 14): the amount
 * is split over the deposits in the order given until it is covered. Undefined when the deposits
 * cannot cover it (the customer withdraws the rest another way).
 */
export function allocateCardRefund(
  deposits: readonly RefundableDeposit[],
  amountCents: bigint,
): { depositId: number; amountCents: bigint }[] | undefined {
  const out: { depositId: number; amountCents: bigint }[] = [];
  let left = amountCents;
  for (const d of deposits) {
    if (left <= 0n) break;
    if (d.refundableCents <= 0n) continue;
    const take = d.refundableCents < left ? d.refundableCents : left;
    out.push({ depositId: d.depositId, amountCents: take });
    left -= take;
  }
  return left > 0n ? undefined : out;
}

/** How many staff approvals a withdrawal needs: two at or above the threshold (same currency). */
export function approvalsRequired(amountCents: bigint, thresholdCents: bigint): 1 | 2 {
  return amountCents >= thresholdCents ? 2 : 1;
}

import { WITHDRAWAL_REJECTION_LABELS, WITHDRAWAL_STATUS_LABELS, type Withdrawal } from '@openbroker/domain';

/** "Awaiting approval (1 of 2)" while a two-level withdrawal has its first approval. */
export function withdrawalStatusText(w: Withdrawal): string {
  const label = WITHDRAWAL_STATUS_LABELS[w.status];
  if (w.status === 'held' && w.approvals_required > 1) {
    return `${label} (${w.approvals_given} of ${w.approvals_required})`;
  }
  return label;
}

/** Why staff refused it: the coded reason's label, then their words. */
export function withdrawalReason(w: Withdrawal): string | null {
  if (w.status !== 'rejected') return null;
  const label =
    w.reason_code && w.reason_code !== 'other' ? WITHDRAWAL_REJECTION_LABELS[w.reason_code] : null;
  const parts = [label, w.reason].filter((p): p is string => Boolean(p));
  return parts.length > 0 ? parts.join(': ') : null;
}

export const WITHDRAWAL_METHOD_LABELS: Readonly<Record<Withdrawal['method'], string>> = {
  crypto: 'Crypto',
  bank: 'Bank transfer',
  card: 'Card refund',
};

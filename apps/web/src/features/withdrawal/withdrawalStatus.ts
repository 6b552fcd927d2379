import type { Withdrawal } from '@openbroker/domain';
import { i18n } from '@/i18n/i18n';

/** "Awaiting approval (1 of 2)" while a two-level withdrawal has its first approval. */
export function withdrawalStatusText(w: Withdrawal): string {
  const label = i18n.t(`money:withdrawal.status.${w.status}`);
  if (w.status === 'held' && w.approvals_required > 1) {
    return i18n.t('money:withdrawal.status.approvals', {
      label,
      given: w.approvals_given,
      required: w.approvals_required,
    });
  }
  return label;
}

/** Why staff refused it: the coded reason's label, then their words. */
export function withdrawalReason(w: Withdrawal): string | null {
  if (w.status !== 'rejected') return null;
  const label =
    w.reason_code && w.reason_code !== 'other' ? i18n.t(`money:withdrawal.rejection.${w.reason_code}`) : null;
  const parts = [label, w.reason].filter((p): p is string => Boolean(p));
  return parts.length > 0 ? parts.join(': ') : null;
}

/** "Crypto", "Bank transfer", "Card refund", in the reader's language. */
export function withdrawalMethodLabel(method: Withdrawal['method']): string {
  return i18n.t(`money:withdrawal.method.${method}`);
}

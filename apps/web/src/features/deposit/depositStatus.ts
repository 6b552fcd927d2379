import { DEPOSIT_REJECTION_CODES, DEPOSIT_TRANSITIONS, type Deposit, isFinal } from '@openbroker/domain';
import { i18n } from '@/i18n/i18n';

type DepositRejectionCode = (typeof DEPOSIT_REJECTION_CODES)[number];

const isRejectionCode = (code: string): code is DepositRejectionCode =>
  (DEPOSIT_REJECTION_CODES as readonly string[]).includes(code);

/** "Pending", "Confirming 1/2", "Completed"… as the customer reads it. */
export function depositStatusText(d: Pick<Deposit, 'status' | 'confirmations' | 'required_confirmations'>) {
  if (d.status === 'confirming' && d.required_confirmations !== null) {
    return i18n.t('money:deposit.status.confirmingCount', {
      done: d.confirmations ?? 0,
      needed: d.required_confirmations,
    });
  }
  return i18n.t(`money:deposit.status.${d.status}`);
}

/** Why a deposit was rejected or failed: the coded reason's label, then staff's words. */
export function depositReason(d: Pick<Deposit, 'reason_code' | 'reason'>): string | null {
  const label =
    d.reason_code && isRejectionCode(d.reason_code) && d.reason_code !== 'other'
      ? i18n.t(`money:deposit.rejection.${d.reason_code}`)
      : null;
  const parts = [label, d.reason].filter((p): p is string => Boolean(p) && p !== 'Other');
  return parts.length > 0 ? [...new Set(parts)].join(': ') : null;
}

export const isDepositFinal = (d: Pick<Deposit, 'status'>) => isFinal(DEPOSIT_TRANSITIONS, d.status);

/** Whether a list should keep refreshing: something in it can still change. */
export const anyDepositOpen = (list: readonly Pick<Deposit, 'status'>[] | undefined) =>
  (list ?? []).some((d) => !isDepositFinal(d));

/** "Card", "Crypto", "Bank wire", in the reader's language. */
export function depositMethodLabel(method: Deposit['method']): string {
  return i18n.t(`money:deposit.method.${method}`);
}

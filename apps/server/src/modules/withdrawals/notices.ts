import { formatMoney, WITHDRAWAL_REJECTION_LABELS, type WithdrawalRejectionCode } from '@openbroker/domain';
import type { NewNotification } from '../notifications/repo.ts';
import type { WithdrawalRow } from './repo.ts';

type Step = 'held' | 'first_approval' | 'approved' | 'processing' | 'completed' | 'rejected' | 'cancelled';

/** What the customer is told at each step of a withdrawal (issue 14: every step notifies them). */
export function withdrawalNotice(row: WithdrawalRow, accountNumber: string, step: Step): NewNotification {
  const amount = formatMoney(row.amountCents, row.currency);
  const total = formatMoney(row.amountCents + row.feeCents, row.currency);
  const of = `Your withdrawal #${row.id} of ${amount} from account ${accountNumber}`;
  const base = { userId: row.userId };
  switch (step) {
    case 'held':
      return {
        ...base,
        title: 'Withdrawal requested',
        message: `${of} is awaiting approval. ${total} (with the fee) is held on your account meanwhile.`,
        color: 'other',
      };
    case 'first_approval':
      return {
        ...base,
        title: 'Withdrawal partly approved',
        message: `${of} has its first approval and waits for a second.`,
        color: 'other',
      };
    case 'approved':
      return { ...base, title: 'Withdrawal approved', message: `${of} was approved.`, color: 'success' };
    case 'processing':
      return { ...base, title: 'Withdrawal being paid', message: `${of} is being paid out.`, color: 'other' };
    case 'completed':
      return { ...base, title: 'Withdrawal completed', message: `${of} was paid out.`, color: 'success' };
    case 'rejected': {
      const code = row.reasonCode as WithdrawalRejectionCode | null;
      const why = code ? WITHDRAWAL_REJECTION_LABELS[code] : 'no reason given';
      return {
        ...base,
        title: 'Withdrawal rejected',
        message: `${of} was rejected: ${why}. ${total} was returned to your balance.`,
        color: 'danger',
      };
    }
    case 'cancelled':
      return {
        ...base,
        title: 'Withdrawal cancelled',
        message: `${of} was cancelled. ${total} was returned to your balance.`,
        color: 'warning',
      };
  }
}

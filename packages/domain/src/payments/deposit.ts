import type { Transitions } from '../money/transitions.ts';

export const DEPOSIT_METHODS = ['card', 'crypto', 'wire'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];

/**
 * A deposit's life: created `pending` (a card checkout open, a wire awaiting money or staff, a
 * crypto transfer seen with no confirmation yet), `confirming` while a chain transfer gathers
 * confirmations, then `completed` (credited), `failed` (the provider declined), `expired` (nothing
 * arrived in time) or `rejected` (staff, with a coded reason).
 */
export const DEPOSIT_STATUSES = [
  'pending',
  'confirming',
  'completed',
  'failed',
  'expired',
  'rejected',
] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export const DEPOSIT_TRANSITIONS: Transitions<DepositStatus> = {
  pending: ['confirming', 'completed', 'failed', 'expired', 'rejected'],
  confirming: ['confirming', 'completed', 'failed', 'rejected'],
  completed: [],
  failed: [],
  expired: [],
  rejected: [],
};

export const DEPOSIT_STATUS_LABELS: Readonly<Record<DepositStatus, string>> = {
  pending: 'Pending',
  confirming: 'Confirming',
  completed: 'Completed',
  failed: 'Failed',
  expired: 'Expired',
  rejected: 'Rejected',
};

import {
  centsToAmount,
  findCryptoNetwork,
  WITHDRAWAL_REJECTION_CODES,
  type Withdrawal,
  type WithdrawalRejectionCode,
} from '@openbroker/domain';
import type { AdminWithdrawalRow, CardAllocation, WithdrawalRow, WithdrawalWithAccount } from './repo.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Where a withdrawal goes, in words ("USDT (Ethereum (ERC-20)) 0xAb…", "IBAN DE89… · Jane Doe"). */
export function describeDestination(row: Pick<WithdrawalRow, 'method' | 'destination'>): string {
  const d = row.destination;
  if (row.method === 'crypto') {
    const n = findCryptoNetwork(str(d.coin), str(d.network));
    return `${str(d.coin)} (${n?.networkLabel ?? str(d.network)}) ${str(d.address)}`;
  }
  if (row.method === 'bank') return `IBAN ${str(d.iban)} · ${str(d.holder)} · ${str(d.bank_name)}`;
  const cards = ((d.deposits ?? []) as CardAllocation[]).map((a) => a.card_last4).filter(Boolean);
  const unique = [...new Set(cards)];
  return unique.length > 0 ? `Card ending ${unique.join(', ')}` : 'The card you deposited with';
}

const isCode = (c: string | null): c is WithdrawalRejectionCode =>
  c !== null && (WITHDRAWAL_REJECTION_CODES as readonly string[]).includes(c);

export function approvalsGiven(row: Pick<WithdrawalRow, 'firstApprovedBy' | 'approvedBy'>): number {
  return (row.firstApprovedBy !== null ? 1 : 0) + (row.approvedBy !== null ? 1 : 0);
}

/** A withdrawal as the customer reads it (decimal amounts of its currency). */
export function presentWithdrawal(row: WithdrawalWithAccount): Withdrawal {
  return {
    id: row.id,
    method: row.method,
    account_id: row.tradingAccountId,
    account_number: row.accountNumber,
    currency: row.currency,
    amount: centsToAmount(row.amountCents),
    fee: centsToAmount(row.feeCents),
    total: centsToAmount(row.amountCents + row.feeCents),
    status: row.status,
    destination: describeDestination(row),
    approvals_required: row.approvalsRequired,
    approvals_given: approvalsGiven(row),
    reason_code: isCode(row.reasonCode) ? row.reasonCode : null,
    reason: row.reason,
    cancellable: row.status === 'held' || row.status === 'requested',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

export function presentAdminWithdrawal(row: AdminWithdrawalRow) {
  const name = `${row.user.firstName} ${row.user.lastName}`.trim() || row.user.email;
  return {
    ...presentWithdrawal(row),
    user: { id: row.user.id, name, email: row.user.email },
    first_approved_by:
      row.firstApprovedBy !== null ? { id: row.firstApprovedBy, name: row.firstApproverName ?? '' } : null,
    account_balance: centsToAmount(row.accountBalanceCents),
  };
}

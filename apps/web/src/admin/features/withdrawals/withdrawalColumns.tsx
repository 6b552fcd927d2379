import type { WithdrawalMethod } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import type { AdminWithdrawal } from '@/api/adminMoney';
import { Button } from '@/components/ui/Button';
import { formatAmount, formatWhen } from '../clients/format';
import { ClientCell } from '../deposits/depositColumns';
import { WithdrawalStatusBadge } from '../deposits/MoneyStatus';

export const WITHDRAWAL_METHOD_LABELS: Record<WithdrawalMethod, string> = {
  crypto: 'Crypto',
  bank: 'Bank transfer',
  card: 'Card refund',
};

/** "1 of 2" approvals; the first approver's name when there is one. */
export function approvalsText(w: AdminWithdrawal): string {
  return `${w.approvals_given} of ${w.approvals_required}`;
}

/** The withdrawal queue's columns; `onOpen` shows a request beside the client's activity. */
export function withdrawalColumns(
  onOpen: (w: AdminWithdrawal) => void,
): ColumnDef<AdminWithdrawal, unknown>[] {
  const money = (w: AdminWithdrawal, n: number) => (
    <span className="tabular-nums">{formatAmount(n, w.currency)}</span>
  );
  return [
    {
      id: 'created_at',
      header: 'Time',
      enableSorting: false,
      cell: ({ row }) => formatWhen(row.original.created_at),
    },
    {
      id: 'client',
      header: 'Client',
      enableSorting: false,
      cell: ({ row }) => <ClientCell user={row.original.user} />,
    },
    {
      id: 'account',
      header: 'Account',
      enableSorting: false,
      cell: ({ row }) => `${row.original.account_number} · ${row.original.currency}`,
    },
    {
      id: 'method',
      header: 'Method',
      enableSorting: false,
      cell: ({ row }) => WITHDRAWAL_METHOD_LABELS[row.original.method],
    },
    {
      id: 'amount',
      header: 'Amount',
      enableSorting: false,
      cell: ({ row }) => money(row.original, row.original.amount),
    },
    {
      id: 'fee',
      header: 'Fee',
      enableSorting: false,
      cell: ({ row }) => money(row.original, row.original.fee),
    },
    {
      id: 'destination',
      header: 'Destination',
      enableSorting: false,
      cell: ({ row }) => (
        <span className="block max-w-56 truncate font-mono text-xs" title={row.original.destination}>
          {row.original.destination}
        </span>
      ),
    },
    {
      id: 'approvals',
      header: 'Approvals',
      enableSorting: false,
      cell: ({ row }) => <span className="tabular-nums">{approvalsText(row.original)}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      enableSorting: false,
      cell: ({ row }) => <WithdrawalStatusBadge status={row.original.status} />,
    },
    {
      id: 'open',
      header: () => <span className="sr-only">Details</span>,
      enableSorting: false,
      cell: ({ row }) => (
        <Button size="sm" variant="outline" onClick={() => onOpen(row.original)}>
          View<span className="sr-only"> withdrawal {row.original.id}</span>
        </Button>
      ),
    },
  ];
}

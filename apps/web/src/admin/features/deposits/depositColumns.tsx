import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { AdminDeposit } from '@/api/adminMoney';
import { Button } from '@/components/ui/Button';
import { formatAmount, formatWhen } from '../clients/format';
import { DepositStatusBadge, SandboxBadge } from './MoneyStatus';

export const DEPOSIT_METHOD_LABELS: Record<AdminDeposit['method'], string> = {
  card: 'Card',
  crypto: 'Crypto',
  wire: 'Bank wire',
};

/** "Card ••4242", "USDT · ethereum", "Bank wire". */
export function depositMethodText(d: AdminDeposit): string {
  if (d.method === 'card') return d.card_last4 ? `Card ••${d.card_last4}` : 'Card';
  if (d.method === 'crypto') return [d.coin, d.network].filter(Boolean).join(' · ') || 'Crypto';
  return DEPOSIT_METHOD_LABELS[d.method];
}

/** The client cell shared by the money queues: name to the client's page, e-mail below. */
export function ClientCell({ user }: { user: { id: number; name: string; email: string } }) {
  return (
    <Link to={`/admin/clients/${user.id}`} className="flex flex-col hover:underline">
      <span className="font-medium text-primary">{user.name}</span>
      <span className="text-muted-foreground text-xs">{user.email}</span>
    </Link>
  );
}

/** The deposit queue's columns; `onOpen` shows a deposit's detail sheet. */
export function depositColumns(onOpen: (d: AdminDeposit) => void): ColumnDef<AdminDeposit, unknown>[] {
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
      cell: ({ row }) => (
        <span className="flex items-center gap-2">
          {depositMethodText(row.original)}
          {row.original.sandbox ? <SandboxBadge /> : null}
        </span>
      ),
    },
    {
      id: 'amount',
      header: 'Amount',
      enableSorting: false,
      cell: ({ row }) => (
        <span className="tabular-nums">{formatAmount(row.original.amount, row.original.currency)}</span>
      ),
    },
    {
      id: 'fee',
      header: 'Fee',
      enableSorting: false,
      cell: ({ row }) => (
        <span className="tabular-nums">{formatAmount(row.original.fee, row.original.currency)}</span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      enableSorting: false,
      cell: ({ row }) => (
        <DepositStatusBadge
          status={row.original.status}
          confirmations={row.original.confirmations}
          required={row.original.required_confirmations}
        />
      ),
    },
    {
      id: 'reference',
      header: 'Reference',
      enableSorting: false,
      cell: ({ row }) => <span className="font-mono text-xs">{row.original.reference ?? '—'}</span>,
    },
    {
      id: 'open',
      header: () => <span className="sr-only">Details</span>,
      enableSorting: false,
      cell: ({ row }) => (
        <Button size="sm" variant="outline" onClick={() => onOpen(row.original)}>
          View<span className="sr-only"> deposit {row.original.id}</span>
        </Button>
      ),
    },
  ];
}

import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { AdminDeposit } from '@/api/adminMoney';
import { Button } from '@/components/ui/Button';
import { i18n } from '@/i18n/i18n';
import { formatAmount, formatWhen } from './format';
import { DepositStatusBadge, SandboxBadge } from './MoneyStatus';

/** A deposit method in the reader's language ("Bank wire"), read when shown. */
export function depositMethodLabel(method: AdminDeposit['method']): string {
  return i18n.t(`adminOps:labels.depositMethod.${method}`);
}

/** "Card ••4242", "USDT · ethereum", "Bank wire". */
export function depositMethodText(d: AdminDeposit): string {
  if (d.method === 'card')
    return d.card_last4
      ? i18n.t('adminOps:labels.cardEnding', { last4: d.card_last4 })
      : depositMethodLabel('card');
  if (d.method === 'crypto')
    return [d.coin, d.network].filter(Boolean).join(' · ') || depositMethodLabel('crypto');
  return depositMethodLabel(d.method);
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

/** The deposit queue's columns, headers in the reader's language; `onOpen` shows a deposit's detail sheet. */
export function depositColumns(
  t: TFunction<'adminOps'>,
  onOpen: (d: AdminDeposit) => void,
): ColumnDef<AdminDeposit, unknown>[] {
  return [
    {
      id: 'created_at',
      header: t('shared.time'),
      enableSorting: false,
      cell: ({ row }) => formatWhen(row.original.created_at),
    },
    {
      id: 'client',
      header: t('shared.client'),
      enableSorting: false,
      cell: ({ row }) => <ClientCell user={row.original.user} />,
    },
    {
      id: 'account',
      header: t('shared.account'),
      enableSorting: false,
      cell: ({ row }) => `${row.original.account_number} · ${row.original.currency}`,
    },
    {
      id: 'method',
      header: t('shared.method'),
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
      header: t('shared.amount'),
      enableSorting: false,
      cell: ({ row }) => (
        <span className="tabular-nums">{formatAmount(row.original.amount, row.original.currency)}</span>
      ),
    },
    {
      id: 'fee',
      header: t('shared.fee'),
      enableSorting: false,
      cell: ({ row }) => (
        <span className="tabular-nums">{formatAmount(row.original.fee, row.original.currency)}</span>
      ),
    },
    {
      id: 'status',
      header: t('shared.status'),
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
      header: t('deposits.columns.reference'),
      enableSorting: false,
      cell: ({ row }) => <span className="font-mono text-xs">{row.original.reference ?? '—'}</span>,
    },
    {
      id: 'open',
      header: () => <span className="sr-only">{t('shared.details')}</span>,
      enableSorting: false,
      cell: ({ row }) => (
        <Button size="sm" variant="outline" onClick={() => onOpen(row.original)}>
          {t('shared.view')}
          <span className="sr-only"> {t('deposits.columns.viewWhich', { id: row.original.id })}</span>
        </Button>
      ),
    },
  ];
}

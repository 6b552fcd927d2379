import type { WithdrawalMethod } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import type { AdminWithdrawal } from '@/api/adminMoney';
import { Button } from '@/components/ui/Button';
import { i18n } from '@/i18n/i18n';
import { ClientCell } from '../deposits/depositColumns';
import { formatAmount, formatWhen } from '../deposits/format';
import { WithdrawalStatusBadge } from '../deposits/MoneyStatus';

/** A withdrawal method in the reader's language ("Bank transfer"), read when shown. */
export function withdrawalMethodLabel(method: WithdrawalMethod): string {
  return i18n.t(`adminOps:labels.withdrawalMethod.${method}`);
}

/** "1 of 2" approvals. */
export function approvalsText(w: AdminWithdrawal): string {
  return i18n.t('adminOps:withdrawals.approvalsOf', {
    given: w.approvals_given,
    required: w.approvals_required,
  });
}

/** The withdrawal queue's columns, headers in the reader's language; `onOpen` shows a request. */
export function withdrawalColumns(
  t: TFunction<'adminOps'>,
  onOpen: (w: AdminWithdrawal) => void,
): ColumnDef<AdminWithdrawal, unknown>[] {
  const money = (w: AdminWithdrawal, n: number) => (
    <span className="tabular-nums">{formatAmount(n, w.currency)}</span>
  );
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
      cell: ({ row }) => withdrawalMethodLabel(row.original.method),
    },
    {
      id: 'amount',
      header: t('shared.amount'),
      enableSorting: false,
      cell: ({ row }) => money(row.original, row.original.amount),
    },
    {
      id: 'fee',
      header: t('shared.fee'),
      enableSorting: false,
      cell: ({ row }) => money(row.original, row.original.fee),
    },
    {
      id: 'destination',
      header: t('withdrawals.columns.destination'),
      enableSorting: false,
      cell: ({ row }) => (
        <span className="block max-w-56 truncate font-mono text-xs" title={row.original.destination}>
          {row.original.destination}
        </span>
      ),
    },
    {
      id: 'approvals',
      header: t('withdrawals.columns.approvals'),
      enableSorting: false,
      cell: ({ row }) => <span className="tabular-nums">{approvalsText(row.original)}</span>,
    },
    {
      id: 'status',
      header: t('shared.status'),
      enableSorting: false,
      cell: ({ row }) => <WithdrawalStatusBadge status={row.original.status} />,
    },
    {
      id: 'open',
      header: () => <span className="sr-only">{t('shared.details')}</span>,
      enableSorting: false,
      cell: ({ row }) => (
        <Button size="sm" variant="outline" onClick={() => onOpen(row.original)}>
          {t('shared.view')}
          <span className="sr-only"> {t('withdrawals.columns.viewWhich', { id: row.original.id })}</span>
        </Button>
      ),
    },
  ];
}

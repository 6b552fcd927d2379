import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { AdminPage } from '@/admin/components/AdminPage';
import { DataTable } from '@/admin/components/DataTable';
import type { AdminPaymentMethod } from '@/api/adminMoney';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { formatAmount } from '../clients/format';
import { SandboxBadge } from '../deposits/MoneyStatus';
import { PaymentMethodSheet } from './PaymentMethodSheet';
import { usePaymentMethods } from './queries';

const usd = (n: number) => formatAmount(n, 'USD');
const fee = (percent: number, fixed: number) =>
  percent === 0 && fixed === 0
    ? 'None'
    : [percent ? `${percent}%` : '', fixed ? usd(fixed) : ''].filter(Boolean).join(' + ');

function columns(onEdit: (m: AdminPaymentMethod) => void): ColumnDef<AdminPaymentMethod, unknown>[] {
  const all: ColumnDef<AdminPaymentMethod, unknown>[] = [
    {
      id: 'method',
      header: 'Method',
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span className="font-medium">{row.original.label}</span>
          <span className="font-mono text-muted-foreground text-xs">{row.original.key}</span>
        </span>
      ),
    },
    {
      id: 'provider',
      header: 'Provider',
      cell: ({ row }) => (
        <span className="flex items-center gap-2">
          {row.original.provider}
          {row.original.sandbox ? <SandboxBadge /> : null}
          {row.original.bank_demo ? (
            <span className="text-muted-foreground text-xs">Demo bank details</span>
          ) : null}
        </span>
      ),
    },
    { id: 'deposits', header: 'Deposits', cell: ({ row }) => (row.original.enabled ? 'On' : 'Off') },
    { id: 'currencies', header: 'Currencies', cell: ({ row }) => row.original.currencies.join(', ') },
    {
      id: 'limits',
      header: 'Limits (USD)',
      cell: ({ row }) =>
        `${usd(row.original.min_amount)} – ${row.original.max_amount === null ? 'no maximum' : usd(row.original.max_amount)}`,
    },
    {
      id: 'fee',
      header: 'Deposit fee',
      cell: ({ row }) => fee(row.original.fee_percent, row.original.fee_fixed),
    },
    {
      id: 'withdrawals',
      header: 'Withdrawals',
      cell: ({ row }) =>
        row.original.withdrawals_enabled
          ? `On · ${fee(row.original.withdrawal_fee_percent, row.original.withdrawal_fee_fixed)}`
          : 'Off',
    },
    {
      id: 'edit',
      header: () => <span className="sr-only">Edit</span>,
      cell: ({ row }) => (
        <Button size="sm" variant="outline" onClick={() => onEdit(row.original)}>
          Edit<span className="sr-only"> {row.original.label}</span>
        </Button>
      ),
    },
  ];
  return all.map((c) => ({ ...c, enableSorting: false }));
}

/** Payment methods (issue 14): card, wire and each coin and network, with their provider, limits and fees. */
export function PaymentMethodsPage() {
  const query = usePaymentMethods();
  const [editing, setEditing] = useState<AdminPaymentMethod | null>(null);
  const cols = useMemo(() => columns(setEditing), []);
  return (
    <AdminPage title="Payment methods">
      <p className="text-muted-foreground text-sm">
        Limits and fixed fees are in US dollars, converted to each account's currency at the live rate. A
        method marked Sandbox moves no real money.
      </p>
      <DataTable
        label="Payment methods"
        columns={cols}
        rows={query.data}
        meta={undefined}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, 'The payment methods could not be loaded.') : null}
        onRetry={() => void query.refetch()}
        sort={[]}
        onSortChange={() => undefined}
        onPageChange={() => undefined}
        empty="No payment methods are configured."
        rowKey={(m) => m.key}
      />
      {editing ? <PaymentMethodSheet method={editing} onClose={() => setEditing(null)} /> : null}
    </AdminPage>
  );
}

import type { SavingsProduct } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AdminPage } from '@/admin/components/AdminPage';
import { DataTable } from '@/admin/components/DataTable';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { formatAmount } from '../clients/format';
import { useSavingsProducts } from './queries';
import { SavingsProductDialog } from './SavingsProductDialog';

function columns(onEdit: (p: SavingsProduct) => void): ColumnDef<SavingsProduct, unknown>[] {
  const all: ColumnDef<SavingsProduct, unknown>[] = [
    {
      id: 'name',
      header: 'Product',
      cell: ({ row }) => (
        <span className="flex min-w-48 flex-col whitespace-normal">
          <span className="font-medium">{row.original.name}</span>
          {row.original.description ? (
            <span className="text-muted-foreground text-xs">{row.original.description}</span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'kind',
      header: 'Kind',
      cell: ({ row }) =>
        row.original.kind === 'fixed' ? `Fixed · ${row.original.term_days ?? '?'} days` : 'Flexible',
    },
    {
      id: 'rate',
      header: 'Yearly rate',
      cell: ({ row }) => <span className="tabular-nums">{row.original.annual_rate.toFixed(2)}%</span>,
    },
    { id: 'currency', header: 'Currency', cell: ({ row }) => row.original.currency },
    {
      id: 'limits',
      header: 'Limits',
      cell: ({ row }) => {
        const p = row.original;
        const max = p.max_amount === null ? 'no maximum' : formatAmount(p.max_amount, p.currency);
        return `${formatAmount(p.min_amount, p.currency)} – ${max}`;
      },
    },
    { id: 'enabled', header: 'Status', cell: ({ row }) => (row.original.enabled ? 'Open' : 'Closed') },
    {
      id: 'edit',
      header: () => <span className="sr-only">Edit</span>,
      cell: ({ row }) => (
        <Button size="sm" variant="outline" onClick={() => onEdit(row.original)}>
          Edit<span className="sr-only"> {row.original.name}</span>
        </Button>
      ),
    },
  ];
  return all.map((c) => ({ ...c, enableSorting: false }));
}

/** Savings products (issue 14): flexible and fixed-term products customers subscribe to. */
export function SavingsProductsPage() {
  const query = useSavingsProducts();
  // null: closed; 'new': creating; a product: editing it.
  const [editing, setEditing] = useState<SavingsProduct | 'new' | null>(null);
  const cols = useMemo(() => columns(setEditing), []);
  return (
    <AdminPage
      title="Savings products"
      actions={
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          New product
        </Button>
      }
    >
      <DataTable
        label="Savings products"
        columns={cols}
        rows={query.data}
        meta={undefined}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, 'The savings products could not be loaded.') : null}
        onRetry={() => void query.refetch()}
        sort={[]}
        onSortChange={() => undefined}
        onPageChange={() => undefined}
        empty="No savings products yet."
        rowKey={(p) => p.id}
      />
      {editing ? (
        <SavingsProductDialog product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </AdminPage>
  );
}

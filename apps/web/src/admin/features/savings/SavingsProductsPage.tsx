import type { SavingsProduct } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/admin/components/AdminPage';
import { DataTable } from '@/admin/components/DataTable';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { formatNumber } from '@/i18n/format';
import { formatAmount } from '../deposits/format';
import { useSavingsProducts } from './queries';
import { SavingsProductDialog } from './SavingsProductDialog';

function columns(
  t: TFunction<'adminOps'>,
  onEdit: (p: SavingsProduct) => void,
): ColumnDef<SavingsProduct, unknown>[] {
  const all: ColumnDef<SavingsProduct, unknown>[] = [
    {
      id: 'name',
      header: t('savings.columns.product'),
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
      header: t('savings.columns.kind'),
      cell: ({ row }) =>
        row.original.kind === 'fixed'
          ? t('savings.cells.fixedTerm', { days: row.original.term_days ?? '?' })
          : t('savings.cells.flexible'),
    },
    {
      id: 'rate',
      header: t('savings.columns.rate'),
      cell: ({ row }) => (
        <span className="tabular-nums">
          {formatNumber(row.original.annual_rate / 100, {
            style: 'percent',
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
          })}
        </span>
      ),
    },
    { id: 'currency', header: t('savings.columns.currency'), cell: ({ row }) => row.original.currency },
    {
      id: 'limits',
      header: t('savings.columns.limits'),
      cell: ({ row }) => {
        const p = row.original;
        const max = p.max_amount === null ? t('shared.noMaximum') : formatAmount(p.max_amount, p.currency);
        return `${formatAmount(p.min_amount, p.currency)} – ${max}`;
      },
    },
    {
      id: 'enabled',
      header: t('savings.columns.status'),
      cell: ({ row }) => (row.original.enabled ? t('savings.cells.open') : t('savings.cells.closed')),
    },
    {
      id: 'edit',
      header: () => <span className="sr-only">{t('shared.edit')}</span>,
      cell: ({ row }) => (
        <Button size="sm" variant="outline" onClick={() => onEdit(row.original)}>
          {t('shared.edit')}
          <span className="sr-only"> {row.original.name}</span>
        </Button>
      ),
    },
  ];
  return all.map((c) => ({ ...c, enableSorting: false }));
}

/** Savings products (issue 14): flexible and fixed-term products customers subscribe to. */
export function SavingsProductsPage() {
  const { t } = useTranslation('adminOps');
  const query = useSavingsProducts();
  // null: closed; 'new': creating; a product: editing it.
  const [editing, setEditing] = useState<SavingsProduct | 'new' | null>(null);
  const cols = useMemo(() => columns(t, setEditing), [t]);
  return (
    <AdminPage
      title={t('savings.page.title')}
      actions={
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          {t('savings.page.new')}
        </Button>
      }
    >
      <DataTable
        label={t('savings.page.title')}
        columns={cols}
        rows={query.data}
        meta={undefined}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, t('savings.page.loadError')) : null}
        onRetry={() => void query.refetch()}
        sort={[]}
        onSortChange={() => undefined}
        onPageChange={() => undefined}
        empty={t('savings.page.empty')}
        rowKey={(p) => p.id}
      />
      {editing ? (
        <SavingsProductDialog product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </AdminPage>
  );
}

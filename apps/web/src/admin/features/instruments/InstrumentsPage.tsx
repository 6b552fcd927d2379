import { type AdminInstrument, ASSET_TYPES } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useCallback, useId } from 'react';
import { Link } from 'react-router';
import { AdminPage } from '@/admin/components/AdminPage';
import { DataTable } from '@/admin/components/DataTable';
import { FilterSearch, FilterSelect } from '@/admin/components/FilterFields';
import { useDebouncedSearch, useTableParams } from '@/admin/components/useTableParams';
import { useCan } from '@/admin/usePermission';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { formatPrice, formatSpread, TYPE_LABELS } from './format';
import { useInstruments } from './queries';

const FILTERS = ['search', 'type', 'enabled'] as const;

const columns: ColumnDef<AdminInstrument, unknown>[] = [
  {
    id: 'symbol',
    header: 'Symbol',
    cell: ({ row }) => (
      <Link to={`/admin/instruments/${row.original.id}`} className="font-medium text-primary hover:underline">
        {row.original.symbol_display}
      </Link>
    ),
  },
  { id: 'name', header: 'Name', enableSorting: false, cell: ({ row }) => row.original.name },
  { id: 'type', header: 'Type', cell: ({ row }) => TYPE_LABELS[row.original.type] },
  {
    id: 'quote',
    header: 'Bid / Ask',
    enableSorting: false,
    cell: ({ row }) => (
      <span className="tabular-nums">
        {formatPrice(row.original, row.original.bid)} / {formatPrice(row.original, row.original.ask)}
      </span>
    ),
  },
  {
    id: 'spread',
    header: 'Spreads (buy / sell)',
    cell: ({ row }) => (
      <span className="tabular-nums">
        {formatSpread(row.original.buy_spread)} / {formatSpread(row.original.sell_spread)}
      </span>
    ),
  },
  {
    id: 'leverage',
    header: 'Leverage',
    enableSorting: false,
    cell: ({ row }) => (row.original.leverage === null ? 'Default' : `1:${row.original.leverage}`),
  },
  {
    id: 'contract_size',
    header: 'Contract',
    enableSorting: false,
    cell: ({ row }) => (
      <span className="tabular-nums">{row.original.contract_size.toLocaleString('en-US')}</span>
    ),
  },
  {
    id: 'hours',
    header: 'Hours',
    enableSorting: false,
    cell: ({ row }) => (
      <span className={row.original.is_open ? 'text-emerald-400' : 'text-muted-foreground'}>
        {row.original.is_open ? 'Open' : 'Closed'}
        {row.original.sessions ? ' · own' : ''}
      </span>
    ),
  },
  {
    id: 'enabled',
    header: 'Enabled',
    enableSorting: false,
    cell: ({ row }) =>
      row.original.enabled ? 'Yes' : <span className="font-medium text-destructive">Disabled</span>,
  },
  {
    id: 'updated_at',
    header: 'Updated',
    cell: ({ row }) =>
      new Date(row.original.updated_at).toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' }),
  },
];

/** Instruments (issue 13): the whole catalogue, disabled ones too, searched and filtered on the server. */
export function InstrumentsPage() {
  const id = useId();
  const canWrite = useCan('instruments.write');
  const table = useTableParams(FILTERS, 'symbol');
  const { setFilter } = table;
  const [search, setSearch] = useDebouncedSearch(
    table.filters.search,
    useCallback((v: string) => setFilter('search', v), [setFilter]),
  );

  const query = useInstruments({
    search: table.filters.search || undefined,
    type: table.filters.type || undefined,
    enabled: table.filters.enabled || undefined,
    sort: table.sortParam,
    page: table.page,
    per_page: 50,
  });

  return (
    <AdminPage
      title="Instruments"
      actions={
        canWrite ? (
          <Button asChild size="sm">
            <Link to="/admin/instruments/new">
              <Plus className="size-4" aria-hidden="true" /> Add instrument
            </Link>
          </Button>
        ) : null
      }
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 lg:grid-cols-[minmax(16rem,2fr)_1fr_1fr]">
        <FilterSearch id={`${id}-search`} value={search} onChange={setSearch} placeholder="Symbol or name" />
        <FilterSelect
          id={`${id}-type`}
          label="Type"
          value={table.filters.type}
          onChange={(v) => table.setFilter('type', v)}
        >
          <option value="">All types</option>
          {ASSET_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id={`${id}-enabled`}
          label="Enabled"
          value={table.filters.enabled}
          onChange={(v) => table.setFilter('enabled', v)}
        >
          <option value="">Enabled and disabled</option>
          <option value="true">Enabled only</option>
          <option value="false">Disabled only</option>
        </FilterSelect>
      </div>
      <DataTable
        label="Instruments"
        columns={columns}
        rows={query.data?.data}
        meta={query.data?.meta}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, 'The instruments could not be loaded.') : null}
        onRetry={() => void query.refetch()}
        sort={table.sort}
        onSortChange={table.setSort}
        onPageChange={table.setPage}
        empty="No instrument matches these filters."
        rowKey={(r) => r.id}
      />
    </AdminPage>
  );
}

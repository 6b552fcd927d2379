import { type AdminInstrument, ASSET_TYPES } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { Plus } from 'lucide-react';
import { useCallback, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPage } from '@/admin/components/AdminPage';
import { DataTable } from '@/admin/components/DataTable';
import { FilterSearch, FilterSelect } from '@/admin/components/FilterFields';
import { useDebouncedSearch, useTableParams } from '@/admin/components/useTableParams';
import { useCan } from '@/admin/usePermission';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { formatDateTime, formatNumber } from '@/i18n/format';
import { formatPrice, formatSpread, typeLabel } from './format';
import { useInstruments } from './queries';

const FILTERS = ['search', 'type', 'enabled'] as const;

function instrumentColumns(t: TFunction<'adminOps'>): ColumnDef<AdminInstrument, unknown>[] {
  return [
    {
      id: 'symbol',
      header: t('instruments.columns.symbol'),
      cell: ({ row }) => (
        <Link
          to={`/admin/instruments/${row.original.id}`}
          className="font-medium text-primary hover:underline"
        >
          {row.original.symbol_display}
        </Link>
      ),
    },
    {
      id: 'name',
      header: t('instruments.columns.name'),
      enableSorting: false,
      cell: ({ row }) => row.original.name,
    },
    { id: 'type', header: t('instruments.columns.type'), cell: ({ row }) => typeLabel(row.original.type) },
    {
      id: 'quote',
      header: t('instruments.columns.quote'),
      enableSorting: false,
      cell: ({ row }) => (
        <span className="tabular-nums" dir="ltr">
          {formatPrice(row.original, row.original.bid)} / {formatPrice(row.original, row.original.ask)}
        </span>
      ),
    },
    {
      id: 'spread',
      header: t('instruments.columns.spread'),
      cell: ({ row }) => (
        <span className="tabular-nums">
          {formatSpread(row.original.buy_spread)} / {formatSpread(row.original.sell_spread)}
        </span>
      ),
    },
    {
      id: 'leverage',
      header: t('instruments.columns.leverage'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.leverage === null
          ? t('instruments.cells.default')
          : `1:${formatNumber(row.original.leverage, { useGrouping: false })}`,
    },
    {
      id: 'contract_size',
      header: t('instruments.columns.contract'),
      enableSorting: false,
      cell: ({ row }) => <span className="tabular-nums">{formatNumber(row.original.contract_size)}</span>,
    },
    {
      id: 'hours',
      header: t('instruments.columns.hours'),
      enableSorting: false,
      cell: ({ row }) => (
        <span className={row.original.is_open ? 'text-success' : 'text-muted-foreground'}>
          {row.original.is_open ? t('instruments.cells.open') : t('instruments.cells.closed')}
          {row.original.sessions ? ` · ${t('instruments.cells.ownHours')}` : ''}
        </span>
      ),
    },
    {
      id: 'enabled',
      header: t('instruments.columns.enabled'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.enabled ? (
          t('instruments.cells.yes')
        ) : (
          <span className="font-medium text-destructive">{t('instruments.cells.disabled')}</span>
        ),
    },
    {
      id: 'updated_at',
      header: t('instruments.columns.updated'),
      cell: ({ row }) => formatDateTime(row.original.updated_at, { dateStyle: 'short', timeStyle: 'short' }),
    },
  ];
}

/** Instruments (issue 13): the whole catalogue, disabled ones too, searched and filtered on the server. */
export function InstrumentsPage() {
  const { t } = useTranslation('adminOps');
  const columns = useMemo(() => instrumentColumns(t), [t]);
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
      title={t('instruments.list.title')}
      actions={
        canWrite ? (
          <Button asChild size="sm">
            <Link to="/admin/instruments/new">
              <Plus className="size-4" aria-hidden="true" /> {t('instruments.list.add')}
            </Link>
          </Button>
        ) : null
      }
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 lg:grid-cols-[minmax(16rem,2fr)_1fr_1fr]">
        <FilterSearch
          id={`${id}-search`}
          value={search}
          onChange={setSearch}
          placeholder={t('instruments.list.searchPlaceholder')}
        />
        <FilterSelect
          id={`${id}-type`}
          label={t('instruments.list.type')}
          value={table.filters.type}
          onChange={(v) => table.setFilter('type', v)}
        >
          <option value="">{t('instruments.list.allTypes')}</option>
          {ASSET_TYPES.map((type) => (
            <option key={type} value={type}>
              {typeLabel(type)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id={`${id}-enabled`}
          label={t('instruments.list.enabled')}
          value={table.filters.enabled}
          onChange={(v) => table.setFilter('enabled', v)}
        >
          <option value="">{t('instruments.list.enabledAll')}</option>
          <option value="true">{t('instruments.list.enabledOnly')}</option>
          <option value="false">{t('instruments.list.disabledOnly')}</option>
        </FilterSelect>
      </div>
      <DataTable
        label={t('instruments.list.title')}
        columns={columns}
        rows={query.data?.data}
        meta={query.data?.meta}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, t('instruments.list.loadError')) : null}
        onRetry={() => void query.refetch()}
        sort={table.sort}
        onSortChange={table.setSort}
        onPageChange={table.setPage}
        empty={t('instruments.list.empty')}
        rowKey={(r) => r.id}
      />
    </AdminPage>
  );
}

import type { ClientRow } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { useCallback, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AdminPage } from '@/admin/components/AdminPage';
import { DataTable } from '@/admin/components/DataTable';
import { FilterSearch, FilterSelect } from '@/admin/components/FilterFields';
import { useDebouncedSearch, useTableParams } from '@/admin/components/useTableParams';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { useSharedData } from '@/features/money/useSharedData';
import { StatusBadge } from '../approvals/StatusBadge';
import { formatAmount, formatWhen } from './format';
import { OnlineDot } from './OnlineDot';
import { useClients } from './queries';

const FILTERS = ['search', 'status', 'plan_id', 'online'] as const;

function clientColumns(t: TFunction<'adminClients'>): ColumnDef<ClientRow, unknown>[] {
  return [
    {
      id: 'name',
      header: t('clients.columns.name'),
      cell: ({ row }) => (
        <span className="flex items-center gap-2">
          <OnlineDot online={row.original.online} />
          {/* The row is the keyboard's stop (arrows move, Enter opens); the link serves the mouse. */}
          <Link
            to={`/admin/clients/${row.original.id}`}
            tabIndex={-1}
            className="font-medium text-primary hover:underline"
          >
            {row.original.name}
          </Link>
        </span>
      ),
    },
    { id: 'email', header: t('clients.columns.email'), cell: ({ row }) => row.original.email },
    {
      id: 'status',
      header: t('clients.columns.status'),
      enableSorting: false,
      cell: ({ row }) => <StatusBadge status={row.original.status} />,
    },
    {
      id: 'plan',
      header: t('clients.columns.plan'),
      enableSorting: false,
      cell: ({ row }) => row.original.plan?.title ?? '—',
    },
    {
      id: 'accounts',
      header: t('clients.columns.accounts'),
      enableSorting: false,
      cell: ({ row }) => row.original.accounts.map((a) => a.number).join(', ') || '—',
    },
    {
      id: 'balance',
      header: t('clients.columns.balance'),
      cell: ({ row }) => {
        const currency = row.original.accounts[0]?.currency ?? 'USD';
        return (
          <span className="tabular-nums">
            {formatAmount(row.original.balance, currency)}
            {row.original.credit > 0 ? (
              <span className="text-muted-foreground text-xs">
                {' '}
                {t('clients.credit', { amount: formatAmount(row.original.credit, currency) })}
              </span>
            ) : null}
          </span>
        );
      },
    },
    {
      id: 'created_at',
      header: t('clients.columns.registered'),
      cell: ({ row }) => formatWhen(row.original.created_at),
    },
    {
      id: 'last_seen',
      header: t('clients.columns.lastSeen'),
      cell: ({ row }) => formatWhen(row.original.last_seen_at),
    },
  ];
}

/** Clients (DESIGN §12): search by name, e-mail or account number; filter by status, plan, online. */
export function ClientsPage() {
  const { t } = useTranslation('adminClients');
  const navigate = useNavigate();
  const id = useId();
  const table = useTableParams(FILTERS, '-created_at');
  const plans = useSharedData().data?.plans ?? [];
  const { setFilter } = table;
  const [search, setSearch] = useDebouncedSearch(
    table.filters.search,
    useCallback((v: string) => setFilter('search', v), [setFilter]),
  );
  const columns = useMemo(() => clientColumns(t), [t]);

  const query = useClients({
    search: table.filters.search || undefined,
    status: table.filters.status || undefined,
    plan_id: table.filters.plan_id || undefined,
    online: table.filters.online || undefined,
    sort: table.sortParam,
    page: table.page,
    per_page: 25,
  });
  const pendingOnly = table.filters.status === 'pending';

  return (
    <AdminPage
      title={t('clients.title')}
      actions={
        <Button
          variant={pendingOnly ? 'default' : 'outline'}
          size="sm"
          aria-pressed={pendingOnly}
          onClick={() => table.setFilter('status', pendingOnly ? '' : 'pending')}
        >
          {t('clients.pendingOnly')}
        </Button>
      }
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(16rem,2fr)_1fr_1fr_1fr]">
        <FilterSearch
          id={`${id}-search`}
          value={search}
          onChange={setSearch}
          placeholder={t('clients.searchPlaceholder')}
        />
        <FilterSelect
          id={`${id}-status`}
          label={t('clients.status')}
          value={table.filters.status}
          onChange={(v) => table.setFilter('status', v)}
        >
          <option value="">{t('clients.allStatuses')}</option>
          <option value="pending">{t('clients.pending')}</option>
          <option value="active">{t('clients.active')}</option>
          <option value="deactivated">{t('clients.deactivated')}</option>
        </FilterSelect>
        <FilterSelect
          id={`${id}-plan`}
          label={t('clients.plan')}
          value={table.filters.plan_id}
          onChange={(v) => table.setFilter('plan_id', v)}
        >
          <option value="">{t('clients.allPlans')}</option>
          {plans.map((p) => (
            <option key={p.id} value={String(p.id)}>
              {p.title}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id={`${id}-online`}
          label={t('clients.online')}
          value={table.filters.online}
          onChange={(v) => table.setFilter('online', v)}
        >
          <option value="">{t('clients.everyone')}</option>
          <option value="true">{t('clients.onlineNow')}</option>
          <option value="false">{t('clients.offline')}</option>
        </FilterSelect>
      </div>
      <DataTable
        label={t('clients.tableLabel')}
        columns={columns}
        rows={query.data?.data}
        meta={query.data?.meta}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, t('clients.loadFailed')) : null}
        onRetry={() => void query.refetch()}
        sort={table.sort}
        onSortChange={table.setSort}
        onPageChange={table.setPage}
        empty={t('clients.empty')}
        rowKey={(c) => c.id}
        onRowClick={(c) => navigate(`/admin/clients/${c.id}`)}
      />
    </AdminPage>
  );
}

import type { ClientRow } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useId } from 'react';
import { Link } from 'react-router';
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

const columns: ColumnDef<ClientRow, unknown>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <span className="flex items-center gap-2">
        <OnlineDot online={row.original.online} />
        <Link to={`/admin/clients/${row.original.id}`} className="font-medium text-primary hover:underline">
          {row.original.name}
        </Link>
      </span>
    ),
  },
  { id: 'email', header: 'E-mail', cell: ({ row }) => row.original.email },
  {
    id: 'status',
    header: 'Status',
    enableSorting: false,
    cell: ({ row }) => <StatusBadge status={row.original.status} />,
  },
  { id: 'plan', header: 'Plan', enableSorting: false, cell: ({ row }) => row.original.plan?.title ?? '—' },
  {
    id: 'accounts',
    header: 'Accounts',
    enableSorting: false,
    cell: ({ row }) => row.original.accounts.map((a) => a.number).join(', ') || '—',
  },
  {
    id: 'balance',
    header: 'Balance',
    cell: ({ row }) => (
      <span className="tabular-nums">
        {formatAmount(row.original.balance, row.original.accounts[0]?.currency ?? 'USD')}
        {row.original.credit > 0 ? (
          <span className="text-muted-foreground text-xs">
            {' '}
            + {formatAmount(row.original.credit, row.original.accounts[0]?.currency ?? 'USD')} credit
          </span>
        ) : null}
      </span>
    ),
  },
  { id: 'created_at', header: 'Registered', cell: ({ row }) => formatWhen(row.original.created_at) },
  { id: 'last_seen', header: 'Last seen', cell: ({ row }) => formatWhen(row.original.last_seen_at) },
];

/** Clients (DESIGN §12): search by name, e-mail or account number; filter by status, plan, online. */
export function ClientsPage() {
  const id = useId();
  const table = useTableParams(FILTERS, '-created_at');
  const plans = useSharedData().data?.plans ?? [];
  const { setFilter } = table;
  const [search, setSearch] = useDebouncedSearch(
    table.filters.search,
    useCallback((v: string) => setFilter('search', v), [setFilter]),
  );

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
      title="Clients"
      actions={
        <Button
          variant={pendingOnly ? 'default' : 'outline'}
          size="sm"
          aria-pressed={pendingOnly}
          onClick={() => table.setFilter('status', pendingOnly ? '' : 'pending')}
        >
          Pending approval
        </Button>
      }
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(16rem,2fr)_1fr_1fr_1fr]">
        <FilterSearch
          id={`${id}-search`}
          value={search}
          onChange={setSearch}
          placeholder="Name, e-mail or account number"
        />
        <FilterSelect
          id={`${id}-status`}
          label="Status"
          value={table.filters.status}
          onChange={(v) => table.setFilter('status', v)}
        >
          <option value="">All statuses</option>
          <option value="pending">Pending</option>
          <option value="active">Active</option>
          <option value="deactivated">Deactivated</option>
        </FilterSelect>
        <FilterSelect
          id={`${id}-plan`}
          label="Plan"
          value={table.filters.plan_id}
          onChange={(v) => table.setFilter('plan_id', v)}
        >
          <option value="">All plans</option>
          {plans.map((p) => (
            <option key={p.id} value={String(p.id)}>
              {p.title}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id={`${id}-online`}
          label="Online"
          value={table.filters.online}
          onChange={(v) => table.setFilter('online', v)}
        >
          <option value="">Everyone</option>
          <option value="true">Online now</option>
          <option value="false">Offline</option>
        </FilterSelect>
      </div>
      <DataTable
        label="Clients"
        columns={columns}
        rows={query.data?.data}
        meta={query.data?.meta}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, 'The clients could not be loaded.') : null}
        onRetry={() => void query.refetch()}
        sort={table.sort}
        onSortChange={table.setSort}
        onPageChange={table.setPage}
        empty="No clients match."
        rowKey={(c) => c.id}
      />
    </AdminPage>
  );
}

import { STAFF_ROLE_LABELS, STAFF_STATUSES, type StaffMember, type StaffStatus } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { UserPlus } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { AdminPage } from '@/admin/components/AdminPage';
import { DataTable } from '@/admin/components/DataTable';
import { FilterSearch, FilterSelect } from '@/admin/components/FilterFields';
import { useDebouncedSearch, useTableParams } from '@/admin/components/useTableParams';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { useSessionStore } from '@/stores/sessionStore';
import { InviteDialog } from './InviteDialog';
import { useStaffList } from './queries';
import { StaffActions } from './StaffActions';

const FILTERS = ['search', 'status'] as const;

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';

function NameCell({ member }: { member: StaffMember }) {
  const me = useSessionStore((s) => s.user?.id);
  const name = `${member.first_name} ${member.last_name}`.trim() || '—';
  return (
    <span className="font-medium">
      {name}
      {member.id === me ? (
        <span className="ml-2 font-normal text-muted-foreground text-xs">(you)</span>
      ) : null}
    </span>
  );
}

const columns: ColumnDef<StaffMember, unknown>[] = [
  // Accessors make the columns sortable; the server does the sorting (sort=name, -last_seen_at…).
  {
    id: 'name',
    header: 'Name',
    accessorFn: (m) => `${m.first_name} ${m.last_name}`,
    cell: ({ row }) => <NameCell member={row.original} />,
  },
  { id: 'email', header: 'Email', accessorKey: 'email' },
  {
    id: 'roles',
    header: 'Roles',
    enableSorting: false,
    cell: ({ row }) => (
      <span className="flex flex-wrap gap-1">
        {row.original.roles.map((r) => (
          <span key={r} className="rounded-full border px-2 py-0.5 text-xs">
            {STAFF_ROLE_LABELS[r]}
          </span>
        ))}
      </span>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    accessorKey: 'status',
    cell: ({ row }) =>
      row.original.status === 'active' ? (
        <span className="text-success">Active</span>
      ) : (
        <span className="text-destructive">Disabled</span>
      ),
  },
  {
    id: 'last_seen_at',
    header: 'Last seen',
    accessorKey: 'last_seen_at',
    cell: ({ row }) => when(row.original.last_seen_at),
  },
  {
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    enableSorting: false,
    cell: ({ row }) => <StaffActions member={row.original} />,
  },
];

/** `/admin/staff` (issue 13 "Staff"): who works in the back office; invite, roles, disable. */
export function StaffPage() {
  const id = useId();
  const table = useTableParams(FILTERS, 'name');
  const [inviting, setInviting] = useState(false);
  const { setFilter } = table;
  const [search, setSearch] = useDebouncedSearch(
    table.filters.search,
    useCallback((v: string) => setFilter('search', v), [setFilter]),
  );

  const status = (STAFF_STATUSES as readonly string[]).includes(table.filters.status)
    ? (table.filters.status as StaffStatus)
    : undefined;
  const query = useStaffList({
    page: table.page,
    per_page: 25,
    sort: table.sortParam,
    search: table.filters.search || undefined,
    status,
  });

  return (
    <AdminPage
      title="Staff"
      actions={
        <Button size="sm" onClick={() => setInviting(true)}>
          <UserPlus aria-hidden="true" />
          Invite staff
        </Button>
      }
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(16rem,2fr)_1fr] lg:max-w-2xl">
        <FilterSearch id={`${id}-search`} value={search} onChange={setSearch} placeholder="Name or e-mail" />
        <FilterSelect
          id={`${id}-status`}
          label="Status"
          value={status ?? ''}
          onChange={(v) => table.setFilter('status', v)}
        >
          <option value="">All</option>
          <option value="active">Active</option>
          <option value="disabled">Disabled</option>
        </FilterSelect>
      </div>
      <DataTable
        label="Staff members"
        columns={columns}
        rows={query.data?.data}
        meta={query.data?.meta}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, 'The staff list could not be loaded.') : null}
        onRetry={() => void query.refetch()}
        sort={table.sort}
        onSortChange={table.setSort}
        onPageChange={table.setPage}
        empty="No staff member matches."
        rowKey={(m) => m.id}
      />
      <InviteDialog open={inviting} onOpenChange={setInviting} />
    </AdminPage>
  );
}

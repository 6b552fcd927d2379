import { STAFF_STATUSES, type StaffMember, type StaffStatus } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { UserPlus } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/admin/components/AdminPage';
import { DataTable } from '@/admin/components/DataTable';
import { FilterSearch, FilterSelect } from '@/admin/components/FilterFields';
import { useDebouncedSearch, useTableParams } from '@/admin/components/useTableParams';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { formatDateTime } from '@/i18n/format';
import { useSessionStore } from '@/stores/sessionStore';
import { InviteDialog } from './InviteDialog';
import { useStaffList } from './queries';
import { StaffActions } from './StaffActions';

const FILTERS = ['search', 'status'] as const;

function NameCell({ member }: { member: StaffMember }) {
  const { t } = useTranslation('adminClients');
  const me = useSessionStore((s) => s.user?.id);
  const name = `${member.first_name} ${member.last_name}`.trim() || '—';
  return (
    <span className="font-medium">
      {name}
      {member.id === me ? (
        <span className="ms-2 font-normal text-muted-foreground text-xs">{t('staff.you')}</span>
      ) : null}
    </span>
  );
}

function staffColumns(t: TFunction<'adminClients'>): ColumnDef<StaffMember, unknown>[] {
  const when = (iso: string | null) =>
    iso ? formatDateTime(iso, { dateStyle: 'medium', timeStyle: 'short' }) : t('staff.never');
  return [
    // Accessors make the columns sortable; the server does the sorting (sort=name, -last_seen_at…).
    {
      id: 'name',
      header: t('staff.columns.name'),
      accessorFn: (m) => `${m.first_name} ${m.last_name}`,
      cell: ({ row }) => <NameCell member={row.original} />,
    },
    { id: 'email', header: t('staff.columns.email'), accessorKey: 'email' },
    {
      id: 'roles',
      header: t('staff.columns.roles'),
      enableSorting: false,
      cell: ({ row }) => (
        <span className="flex flex-wrap gap-1">
          {row.original.roles.map((r) => (
            <span key={r} className="rounded-full border px-2 py-0.5 text-xs">
              {t(`staff.roleNames.${r}`)}
            </span>
          ))}
        </span>
      ),
    },
    {
      id: 'status',
      header: t('staff.columns.status'),
      accessorKey: 'status',
      cell: ({ row }) =>
        row.original.status === 'active' ? (
          <span className="text-success">{t('staff.active')}</span>
        ) : (
          <span className="text-destructive">{t('staff.disabled')}</span>
        ),
    },
    {
      id: 'last_seen_at',
      header: t('staff.columns.lastSeen'),
      accessorKey: 'last_seen_at',
      cell: ({ row }) => when(row.original.last_seen_at),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t('shared.actions')}</span>,
      enableSorting: false,
      cell: ({ row }) => <StaffActions member={row.original} />,
    },
  ];
}

/** `/admin/staff` (issue 13 "Staff"): who works in the back office; invite, roles, disable. */
export function StaffPage() {
  const { t } = useTranslation('adminClients');
  const id = useId();
  const table = useTableParams(FILTERS, 'name');
  const [inviting, setInviting] = useState(false);
  const { setFilter } = table;
  const [search, setSearch] = useDebouncedSearch(
    table.filters.search,
    useCallback((v: string) => setFilter('search', v), [setFilter]),
  );
  const columns = useMemo(() => staffColumns(t), [t]);

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
      title={t('staff.title')}
      actions={
        <Button size="sm" onClick={() => setInviting(true)}>
          <UserPlus aria-hidden="true" />
          {t('staff.invite')}
        </Button>
      }
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(16rem,2fr)_1fr] lg:max-w-2xl">
        <FilterSearch
          id={`${id}-search`}
          value={search}
          onChange={setSearch}
          placeholder={t('staff.searchPlaceholder')}
        />
        <FilterSelect
          id={`${id}-status`}
          label={t('staff.status')}
          value={status ?? ''}
          onChange={(v) => table.setFilter('status', v)}
        >
          <option value="">{t('staff.all')}</option>
          <option value="active">{t('staff.active')}</option>
          <option value="disabled">{t('staff.disabled')}</option>
        </FilterSelect>
      </div>
      <DataTable
        label={t('staff.tableLabel')}
        columns={columns}
        rows={query.data?.data}
        meta={query.data?.meta}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, t('staff.loadFailed')) : null}
        onRetry={() => void query.refetch()}
        sort={table.sort}
        onSortChange={table.setSort}
        onPageChange={table.setPage}
        empty={t('staff.empty')}
        rowKey={(m) => m.id}
      />
      <InviteDialog open={inviting} onOpenChange={setInviting} />
    </AdminPage>
  );
}

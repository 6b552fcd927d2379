import {
  APPROVAL_KINDS,
  APPROVAL_STATUSES,
  type Approval,
  type ApprovalStatus,
  REJECTION_LABELS,
} from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { useId } from 'react';
import { AdminPage } from '@/admin/components/AdminPage';
import { DataTable } from '@/admin/components/DataTable';
import { useTableParams } from '@/admin/components/useTableParams';
import { apiErrorMessage } from '@/api/errors';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { ApprovalActions } from './ApprovalActions';
import { ApprovalDetail, KIND_LABELS } from './kinds';
import { useApprovals } from './queries';
import { StatusBadge } from './StatusBadge';

const FILTERS = ['status', 'kind'] as const;
const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

const columns: ColumnDef<Approval, unknown>[] = [
  {
    id: 'summary',
    header: 'Request',
    enableSorting: false,
    cell: ({ row }) => (
      <div className="flex min-w-64 flex-col whitespace-normal">
        <span>{row.original.summary}</span>
        <ApprovalDetail approval={row.original} />
      </div>
    ),
  },
  {
    id: 'requested',
    header: 'Requested',
    enableSorting: false,
    cell: ({ row }) => (
      <div className="flex flex-col">
        <span>{row.original.requested_by.name}</span>
        <span className="text-muted-foreground text-xs">{when(row.original.requested_at)}</span>
      </div>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    enableSorting: false,
    cell: ({ row }) => {
      const a = row.original;
      return (
        <div className="flex flex-col gap-1">
          <StatusBadge status={a.status} />
          {a.decided_by ? (
            <span className="text-muted-foreground text-xs">
              {a.decided_by.name} · {when(a.decided_at)}
            </span>
          ) : null}
          {a.reason_code ? (
            <span className="whitespace-normal text-muted-foreground text-xs">
              {REJECTION_LABELS[a.reason_code]}
              {a.reason ? `: ${a.reason}` : ''}
            </span>
          ) : null}
        </div>
      );
    },
  },
  {
    id: 'actions',
    header: 'Actions',
    enableSorting: false,
    cell: ({ row }) => <ApprovalActions approval={row.original} />,
  },
];

/** The approvals queue (DESIGN §12): requests waiting for a second staff member, and past decisions. */
export function ApprovalsPage() {
  const id = useId();
  const table = useTableParams(FILTERS);
  // No status in the address is the queue's own view: what waits.
  const status = table.filters.status === '' ? 'pending' : table.filters.status;
  const query = useApprovals({
    status: APPROVAL_STATUSES.find((s): s is ApprovalStatus => s === status),
    kind: table.filters.kind || undefined,
    page: table.page,
    per_page: 25,
  });
  return (
    <AdminPage title="Approvals">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex w-44 flex-col gap-1.5">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <NativeSelect
            id={`${id}-status`}
            value={status}
            onChange={(e) => table.setFilter('status', e.target.value === 'pending' ? '' : e.target.value)}
          >
            {APPROVAL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === 'cancelled' ? 'Withdrawn' : s[0]?.toUpperCase() + s.slice(1)}
              </option>
            ))}
            <option value="all">All</option>
          </NativeSelect>
        </div>
        <div className="flex w-52 flex-col gap-1.5">
          <Label htmlFor={`${id}-kind`}>Kind</Label>
          <NativeSelect
            id={`${id}-kind`}
            value={table.filters.kind}
            onChange={(e) => table.setFilter('kind', e.target.value)}
          >
            <option value="">All kinds</option>
            {APPROVAL_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <DataTable
        label="Approval requests"
        columns={columns}
        rows={query.data?.data}
        meta={query.data?.meta}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, 'The requests could not be loaded.') : null}
        onRetry={() => void query.refetch()}
        sort={table.sort}
        onSortChange={table.setSort}
        onPageChange={table.setPage}
        empty={status === 'pending' ? 'Nothing waits for approval.' : 'No requests match.'}
        rowKey={(a) => a.id}
      />
    </AdminPage>
  );
}

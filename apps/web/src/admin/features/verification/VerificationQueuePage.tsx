import { REQUIREMENT_LABELS, type VerificationQueueItem } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { useId } from 'react';
import { Link } from 'react-router';
import { AdminPage } from '@/admin/components/AdminPage';
import { DataTable } from '@/admin/components/DataTable';
import { useTableParams } from '@/admin/components/useTableParams';
import { useCan } from '@/admin/usePermission';
import { apiErrorMessage } from '@/api/errors';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { useVerificationQueue } from './queries';
import { SettingsPanel } from './SettingsPanel';

const FILTERS = ['status', 'level', 'age', 'country'] as const;
const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

const columns: ColumnDef<VerificationQueueItem, unknown>[] = [
  {
    id: 'customer',
    header: 'Customer',
    enableSorting: false,
    cell: ({ row }) => (
      <Link to={`/admin/verification/${row.original.user_id}`} className="flex flex-col hover:underline">
        <span className="font-medium text-primary">{row.original.name}</span>
        <span className="text-muted-foreground text-xs">{row.original.email}</span>
      </Link>
    ),
  },
  { id: 'country', header: 'Country', enableSorting: false, cell: ({ row }) => row.original.country ?? '—' },
  { id: 'level', header: 'Level', enableSorting: false, cell: ({ row }) => row.original.level },
  {
    id: 'pending',
    header: 'To review',
    enableSorting: false,
    cell: ({ row }) =>
      row.original.pending.length ? row.original.pending.map((k) => REQUIREMENT_LABELS[k]).join(', ') : '—',
  },
  {
    id: 'submitted',
    header: 'Submitted',
    enableSorting: true,
    cell: ({ row }) => when(row.original.submitted_at),
  },
];

/** The verification queue: customers with requirements to review, oldest submission first. */
export function VerificationQueuePage() {
  const id = useId();
  const table = useTableParams(FILTERS, 'submitted');
  const canConfigure = useCan('settings.write');
  const newest = table.sort[0]?.desc === true;
  const query = useVerificationQueue({
    status: table.filters.status || 'pending',
    level: table.filters.level,
    age: table.filters.age,
    country: table.filters.country,
    sort: newest ? 'newest' : 'oldest',
    page: table.page,
  });
  return (
    <AdminPage title="Verification">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex w-40 flex-col gap-1.5">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <NativeSelect
            id={`${id}-status`}
            value={table.filters.status || 'pending'}
            onChange={(e) => table.setFilter('status', e.target.value === 'pending' ? '' : e.target.value)}
          >
            <option value="pending">To review</option>
            <option value="rejected">Rejected</option>
            <option value="verified">Verified</option>
            <option value="all">All</option>
          </NativeSelect>
        </div>
        <div className="flex w-32 flex-col gap-1.5">
          <Label htmlFor={`${id}-level`}>Level</Label>
          <NativeSelect
            id={`${id}-level`}
            value={table.filters.level}
            onChange={(e) => table.setFilter('level', e.target.value)}
          >
            <option value="">Any</option>
            {[0, 1, 2].map((l) => (
              <option key={l} value={String(l)}>
                Level {l}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex w-40 flex-col gap-1.5">
          <Label htmlFor={`${id}-age`}>Waiting at least</Label>
          <NativeSelect
            id={`${id}-age`}
            value={table.filters.age}
            onChange={(e) => table.setFilter('age', e.target.value)}
          >
            <option value="">Any time</option>
            <option value="1">1 day</option>
            <option value="3">3 days</option>
            <option value="7">7 days</option>
          </NativeSelect>
        </div>
        <div className="flex w-44 flex-col gap-1.5">
          <Label htmlFor={`${id}-country`}>Country</Label>
          <Input
            id={`${id}-country`}
            defaultValue={table.filters.country}
            placeholder="e.g. Germany"
            onBlur={(e) => table.setFilter('country', e.target.value.trim())}
            onKeyDown={(e) => {
              if (e.key === 'Enter') table.setFilter('country', e.currentTarget.value.trim());
            }}
          />
        </div>
      </div>
      <DataTable
        label="Verification queue"
        columns={columns}
        rows={query.data?.data}
        meta={query.data?.meta}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, 'The queue could not be loaded.') : null}
        onRetry={() => void query.refetch()}
        sort={table.sort}
        onSortChange={table.setSort}
        onPageChange={table.setPage}
        empty={
          (table.filters.status || 'pending') === 'pending'
            ? 'Nothing waits for review.'
            : 'No customers match.'
        }
        rowKey={(r) => r.user_id}
      />
      <SettingsPanel editable={canConfigure} />
    </AdminPage>
  );
}

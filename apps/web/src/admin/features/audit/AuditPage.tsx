import type { AuditEntry } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { Download, ShieldCheck } from 'lucide-react';
import { useMemo } from 'react';
import { AdminPage } from '@/admin/components/AdminPage';
import { DataTable } from '@/admin/components/DataTable';
import { useTableParams } from '@/admin/components/useTableParams';
import { useCan } from '@/admin/usePermission';
import { requireApiBaseUrl } from '@/api/baseUrl';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { type AuditFilters, auditParams, useAuditFacets, useAuditPage, useVerifyAudit } from './queries';

const FILTERS = ['actor_id', 'action', 'object_type', 'object_id', 'from', 'to'] as const;

/** A before/after value as compact text (the audit stores JSON). */
function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const columns: ColumnDef<AuditEntry, unknown>[] = [
  {
    id: 'at',
    header: 'When',
    cell: ({ row }) => (
      <time dateTime={row.original.at} className="tabular-nums">
        {new Date(row.original.at).toLocaleString('en-GB', { timeZone: 'UTC' })} UTC
      </time>
    ),
  },
  {
    id: 'actor',
    header: 'Staff',
    cell: ({ row }) => (
      <div className="leading-tight">
        <div>{row.original.actor_name ?? 'System'}</div>
        <div className="text-muted-foreground text-xs">{row.original.actor_ip ?? ''}</div>
      </div>
    ),
  },
  {
    id: 'action',
    header: 'Action',
    cell: ({ row }) => <code className="text-xs">{row.original.action}</code>,
  },
  {
    id: 'object',
    header: 'Object',
    cell: ({ row }) =>
      `${row.original.object_type}${row.original.object_id ? ` #${row.original.object_id}` : ''}`,
  },
  {
    id: 'change',
    header: 'Before → after',
    cell: ({ row }) => (
      <div className="max-w-md whitespace-normal break-words font-mono text-xs">
        <span className="text-muted-foreground">{show(row.original.before)}</span> →{' '}
        <span>{show(row.original.after)}</span>
      </div>
    ),
  },
  {
    id: 'reason',
    header: 'Reason',
    cell: ({ row }) => (
      <div className="max-w-xs whitespace-normal break-words">{row.original.reason ?? '—'}</div>
    ),
  },
];

/** `/admin/audit`: the append-only, hash-chained trail of staff actions (DESIGN §12). */
export function AuditPage() {
  const table = useTableParams(FILTERS);
  const filters: AuditFilters = table.filters;
  const page = useAuditPage(filters, table.page);
  const facets = useAuditFacets().data;
  const verify = useVerifyAudit();
  const canExport = useCan('audit.export');
  const exportUrl = useMemo(
    () => `${requireApiBaseUrl()}/admin/audit/export.csv?${auditParams(filters)}`,
    [filters],
  );

  return (
    <AdminPage
      title="Audit log"
      actions={
        <>
          <Button variant="outline" onClick={() => verify.mutate()} disabled={verify.isPending}>
            <ShieldCheck aria-hidden="true" />
            {verify.isPending ? 'Checking…' : 'Verify chain'}
          </Button>
          {canExport ? (
            <Button asChild variant="outline">
              <a href={exportUrl} download>
                <Download aria-hidden="true" />
                Export CSV
              </a>
            </Button>
          ) : null}
        </>
      }
    >
      {verify.data ? (
        <Alert
          variant={verify.data.ok ? 'success' : 'destructive'}
          data-testid="audit-verify"
          title={verify.data.ok ? 'The chain is intact' : 'The chain is broken'}
          description={
            verify.data.ok
              ? `${verify.data.entries.toLocaleString('en-US')} entries checked; every hash matches.`
              : `Entry #${verify.data.first_bad_id} does not match: it, or the entry before it, was changed or removed outside the platform.`
          }
        />
      ) : verify.isError ? (
        <Alert
          variant="destructive"
          title="Could not verify the chain"
          description="Try again in a moment."
        />
      ) : null}

      <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-6">
        <legend className="sr-only">Filters</legend>
        <div className="flex flex-col gap-1">
          <Label htmlFor="audit-actor">Staff</Label>
          <NativeSelect
            id="audit-actor"
            value={filters.actor_id}
            onChange={(e) => table.setFilter('actor_id', e.target.value)}
          >
            <option value="">Anyone</option>
            {facets?.actors.map((a) => (
              <option key={a.id} value={String(a.id)}>
                {a.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="audit-action">Action</Label>
          <NativeSelect
            id="audit-action"
            value={filters.action}
            onChange={(e) => table.setFilter('action', e.target.value)}
          >
            <option value="">Any</option>
            {facets?.actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="audit-object-type">Object</Label>
          <NativeSelect
            id="audit-object-type"
            value={filters.object_type}
            onChange={(e) => table.setFilter('object_type', e.target.value)}
          >
            <option value="">Any</option>
            {facets?.object_types.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="audit-object-id">Object id</Label>
          <Input
            id="audit-object-id"
            inputMode="numeric"
            defaultValue={filters.object_id}
            onBlur={(e) => table.setFilter('object_id', e.target.value.trim())}
            onKeyDown={(e) => {
              if (e.key === 'Enter') table.setFilter('object_id', e.currentTarget.value.trim());
            }}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="audit-from">From</Label>
          <Input
            id="audit-from"
            type="date"
            value={filters.from}
            onChange={(e) => table.setFilter('from', e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="audit-to">To</Label>
          <Input
            id="audit-to"
            type="date"
            value={filters.to}
            onChange={(e) => table.setFilter('to', e.target.value)}
          />
        </div>
      </fieldset>

      <DataTable
        label="Audit log"
        columns={columns}
        rows={page.data?.data}
        meta={page.data?.meta}
        loading={page.isFetching}
        error={page.isError ? 'Could not load the audit log.' : null}
        onRetry={() => void page.refetch()}
        sort={[]}
        onSortChange={() => undefined}
        onPageChange={table.setPage}
        empty="No entries match these filters."
        rowKey={(r) => r.id}
      />
    </AdminPage>
  );
}

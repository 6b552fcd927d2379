import type { AuditEntry } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { Download, ShieldCheck } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
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
import { formatDateTime, formatNumber } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';
import { type AuditFilters, auditParams, useAuditFacets, useAuditPage, useVerifyAudit } from './queries';

const FILTERS = ['actor_id', 'action', 'object_type', 'object_id', 'from', 'to'] as const;

/** A before/after value as compact text (the audit stores JSON). */
function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The log's columns; headers are read from the catalogue when the table renders. */
const columns: ColumnDef<AuditEntry, unknown>[] = [
  {
    id: 'at',
    header: () => i18n.t('admin:audit.columns.when'),
    cell: ({ row }) => (
      <time dateTime={row.original.at} className="tabular-nums">
        {i18n.t('admin:audit.utc', {
          time: formatDateTime(row.original.at, {
            dateStyle: 'short',
            timeStyle: 'medium',
            timeZone: 'UTC',
          }),
        })}
      </time>
    ),
  },
  {
    id: 'actor',
    header: () => i18n.t('admin:audit.columns.actor'),
    cell: ({ row }) => (
      <div className="leading-tight">
        <div>{row.original.actor_name ?? i18n.t('admin:audit.system')}</div>
        <div className="text-muted-foreground text-xs">{row.original.actor_ip ?? ''}</div>
      </div>
    ),
  },
  {
    id: 'action',
    header: () => i18n.t('admin:audit.columns.action'),
    cell: ({ row }) => <code className="text-xs">{row.original.action}</code>,
  },
  {
    id: 'object',
    header: () => i18n.t('admin:audit.columns.object'),
    cell: ({ row }) =>
      `${row.original.object_type}${row.original.object_id ? ` #${row.original.object_id}` : ''}`,
  },
  {
    id: 'change',
    header: () => i18n.t('admin:audit.columns.change'),
    cell: ({ row }) => (
      <div className="max-w-md whitespace-normal break-words font-mono text-xs">
        <span className="text-muted-foreground">{show(row.original.before)}</span>{' '}
        <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
          →
        </span>
        <span className="sr-only">{i18n.t('admin:audit.becomes')}</span>{' '}
        <span>{show(row.original.after)}</span>
      </div>
    ),
  },
  {
    id: 'reason',
    header: () => i18n.t('admin:audit.columns.reason'),
    cell: ({ row }) => (
      <div className="max-w-xs whitespace-normal break-words">{row.original.reason ?? '—'}</div>
    ),
  },
];

/** `/admin/audit`: the append-only, hash-chained trail of staff actions (DESIGN §12). */
export function AuditPage() {
  const { t } = useTranslation('admin');
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
      title={t('audit.title')}
      actions={
        <>
          <Button variant="outline" onClick={() => verify.mutate()} disabled={verify.isPending}>
            <ShieldCheck aria-hidden="true" />
            {verify.isPending ? t('audit.checking') : t('audit.verify')}
          </Button>
          {canExport ? (
            <Button asChild variant="outline">
              <a href={exportUrl} download>
                <Download aria-hidden="true" />
                {t('audit.export')}
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
          title={verify.data.ok ? t('audit.intact') : t('audit.broken')}
          description={
            verify.data.ok
              ? t('audit.intactDetail', { count: verify.data.entries, n: formatNumber(verify.data.entries) })
              : t('audit.brokenDetail', { id: verify.data.first_bad_id ?? '—' })
          }
        />
      ) : verify.isError ? (
        <Alert variant="destructive" title={t('audit.verifyFailed')} description={t('audit.tryAgain')} />
      ) : null}

      <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-6">
        <legend className="sr-only">{t('audit.filters.legend')}</legend>
        <div className="flex flex-col gap-1">
          <Label htmlFor="audit-actor">{t('audit.filters.actor')}</Label>
          <NativeSelect
            id="audit-actor"
            value={filters.actor_id}
            onChange={(e) => table.setFilter('actor_id', e.target.value)}
          >
            <option value="">{t('audit.filters.anyone')}</option>
            {facets?.actors.map((a) => (
              <option key={a.id} value={String(a.id)}>
                {a.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="audit-action">{t('audit.filters.action')}</Label>
          <NativeSelect
            id="audit-action"
            value={filters.action}
            onChange={(e) => table.setFilter('action', e.target.value)}
          >
            <option value="">{t('audit.filters.any')}</option>
            {facets?.actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="audit-object-type">{t('audit.filters.object')}</Label>
          <NativeSelect
            id="audit-object-type"
            value={filters.object_type}
            onChange={(e) => table.setFilter('object_type', e.target.value)}
          >
            <option value="">{t('audit.filters.any')}</option>
            {facets?.object_types.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="audit-object-id">{t('audit.filters.objectId')}</Label>
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
          <Label htmlFor="audit-from">{t('audit.filters.from')}</Label>
          <Input
            id="audit-from"
            type="date"
            value={filters.from}
            onChange={(e) => table.setFilter('from', e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="audit-to">{t('audit.filters.to')}</Label>
          <Input
            id="audit-to"
            type="date"
            value={filters.to}
            onChange={(e) => table.setFilter('to', e.target.value)}
          />
        </div>
      </fieldset>

      <DataTable
        label={t('audit.title')}
        columns={columns}
        rows={page.data?.data}
        meta={page.data?.meta}
        loading={page.isFetching}
        error={page.isError ? t('audit.loadFailed') : null}
        onRetry={() => void page.refetch()}
        sort={[]}
        onSortChange={() => undefined}
        onPageChange={table.setPage}
        empty={t('audit.empty')}
        rowKey={(r) => r.id}
      />
    </AdminPage>
  );
}

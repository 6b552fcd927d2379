import type { ColumnDef } from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPage } from '@/admin/components/AdminPage';
import { DataTable } from '@/admin/components/DataTable';
import { FilterSelect } from '@/admin/components/FilterFields';
import { useTableParams } from '@/admin/components/useTableParams';
import { useCan } from '@/admin/usePermission';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { formatDateTime } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';
import { StatusBadge } from '../approvals/StatusBadge';
import { DecisionLogSheet } from './DecisionLogSheet';
import { signed } from './format';
import { type AdminRun, type RunStatusFilter, useAdminRuns } from './queries';
import { customerOf, runTitle, stopReasonLabel } from './runText';
import { StopRunDialog } from './StopRunDialog';

const FILTERS = ['status'] as const;
/** No status in the address is the page's own view: what runs now. */
const DEFAULT_STATUS = 'running';
const STATUS_OPTIONS: readonly RunStatusFilter[] = ['running', 'stopped', 'all'];

/** A moment to the minute, in the reader's language; a dash when there is none. */
const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

interface Actions {
  canStop: boolean;
  onStop: (r: AdminRun) => void;
  onLog: (r: AdminRun) => void;
}

function columns(a: Actions): ColumnDef<AdminRun, unknown>[] {
  const all: ColumnDef<AdminRun, unknown>[] = [
    {
      id: 'customer',
      header: () => i18n.t('admin:advisors.runs.columns.customer'),
      cell: ({ row }) => {
        const r = row.original;
        return (
          <span className="flex flex-col">
            <Link to={`/admin/clients/${r.user_id}`} className="font-medium text-primary hover:underline">
              {customerOf(r)}
            </Link>
            {r.user_name && r.email ? <span className="text-muted-foreground text-xs">{r.email}</span> : null}
          </span>
        );
      },
    },
    {
      id: 'advisor',
      header: () => i18n.t('admin:advisors.runs.columns.advisor'),
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span>{runTitle(row.original)}</span>
          <span className="text-muted-foreground text-xs">
            {row.original.kind === 'autotrader'
              ? i18n.t('admin:advisors.runs.kinds.autotrader')
              : i18n.t('admin:advisors.runs.kinds.advisor')}
          </span>
        </span>
      ),
    },
    {
      id: 'account',
      header: () => i18n.t('admin:advisors.runs.columns.account'),
      cell: ({ row }) => <span className="tabular-nums">{row.original.account_number}</span>,
    },
    {
      id: 'started',
      header: () => i18n.t('admin:advisors.runs.columns.started'),
      cell: ({ row }) => when(row.original.started_at),
    },
    {
      id: 'status',
      header: () => i18n.t('admin:advisors.runs.columns.status'),
      cell: ({ row }) => {
        const r = row.original;
        return (
          <span className="flex flex-col gap-1">
            <StatusBadge status={r.status} />
            {r.status === 'stopped' ? (
              <span className="max-w-56 whitespace-normal text-muted-foreground text-xs">
                {r.stop_reason ? stopReasonLabel(r.stop_reason) : i18n.t('admin:advisors.runs.stopped')}
                {r.stop_note ? `: ${r.stop_note}` : ''}
                {r.stopped_at ? ` · ${when(r.stopped_at)}` : ''}
              </span>
            ) : null}
          </span>
        );
      },
    },
    {
      id: 'open_positions',
      header: () => i18n.t('admin:advisors.runs.columns.openPositions'),
      cell: ({ row }) => <span className="tabular-nums">{row.original.open_positions}</span>,
    },
    {
      id: 'pnl_today',
      header: () => i18n.t('admin:advisors.runs.columns.pnlToday'),
      cell: ({ row }) => {
        const p = signed(row.original.pnl_today, row.original.currency);
        return <span className={`tabular-nums ${p.tone}`}>{p.text}</span>;
      },
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{i18n.t('admin:advisors.runs.columns.actions')}</span>,
      cell: ({ row }) => {
        const r = row.original;
        const what = i18n.t('admin:advisors.runs.what', { run: runTitle(r), customer: customerOf(r) });
        return (
          <span className="flex gap-2">
            <Button size="sm" variant="outline" onClick={() => a.onLog(r)}>
              {i18n.t('admin:advisors.runs.log')}
              <span className="sr-only"> {i18n.t('admin:advisors.runs.logOf', { what })}</span>
            </Button>
            {a.canStop && r.status === 'running' ? (
              <Button size="sm" variant="destructive" onClick={() => a.onStop(r)}>
                {i18n.t('admin:advisors.runs.stop')}
                <span className="sr-only"> {what}</span>
              </Button>
            ) : null}
          </span>
        );
      },
    },
  ];
  return all.map((c) => ({ ...c, enableSorting: false }));
}

/** Every client's Expert Advisor and AutoTrader runs (issue 16); staff stop any with a reason. */
export function RunsPage() {
  const { t } = useTranslation('admin');
  const id = useId();
  const canStop = useCan('advisors.manage');
  const table = useTableParams(FILTERS);
  const status = STATUS_OPTIONS.find((o) => o === table.filters.status) ?? DEFAULT_STATUS;
  const query = useAdminRuns({ status, page: table.page });
  const [stopping, setStopping] = useState<AdminRun | null>(null);
  const [logOf, setLogOf] = useState<AdminRun | null>(null);
  const cols = useMemo(() => columns({ canStop, onStop: setStopping, onLog: setLogOf }), [canStop]);

  return (
    <AdminPage title={t('advisors.runs.title')}>
      <div className="grid grid-cols-1 gap-3 sm:max-w-xs">
        <FilterSelect
          id={`${id}-status`}
          label={t('advisors.runs.statusFilter')}
          value={status}
          onChange={(v) => table.setFilter('status', v === DEFAULT_STATUS ? '' : v)}
        >
          {STATUS_OPTIONS.map((o) => (
            <option key={o} value={o}>
              {t(`advisors.runs.statuses.${o}`)}
            </option>
          ))}
        </FilterSelect>
      </div>
      <DataTable
        label={t('advisors.runs.tableLabel')}
        columns={cols}
        rows={query.data?.data}
        meta={query.data?.meta}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, t('advisors.runs.loadFailed')) : null}
        onRetry={() => void query.refetch()}
        sort={[]}
        onSortChange={() => undefined}
        onPageChange={table.setPage}
        empty={status === 'running' ? t('advisors.runs.emptyRunning') : t('advisors.runs.empty')}
        rowKey={(r) => r.id}
      />
      {stopping ? <StopRunDialog run={stopping} onClose={() => setStopping(null)} /> : null}
      {logOf ? <DecisionLogSheet run={logOf} onClose={() => setLogOf(null)} /> : null}
    </AdminPage>
  );
}

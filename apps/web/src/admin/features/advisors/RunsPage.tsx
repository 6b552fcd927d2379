import type { ColumnDef } from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AdminPage } from '@/admin/components/AdminPage';
import { DataTable } from '@/admin/components/DataTable';
import { FilterSelect } from '@/admin/components/FilterFields';
import { useTableParams } from '@/admin/components/useTableParams';
import { useCan } from '@/admin/usePermission';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { StatusBadge } from '../approvals/StatusBadge';
import { formatWhen } from '../clients/format';
import { DecisionLogSheet } from './DecisionLogSheet';
import { signed } from './format';
import { type AdminRun, type RunStatusFilter, useAdminRuns } from './queries';
import { customerOf, runTitle, STOP_REASON_LABELS } from './runText';
import { StopRunDialog } from './StopRunDialog';

const FILTERS = ['status'] as const;
/** No status in the address is the page's own view: what runs now. */
const DEFAULT_STATUS = 'running';
const STATUS_OPTIONS: { value: RunStatusFilter; label: string }[] = [
  { value: 'running', label: 'Running' },
  { value: 'stopped', label: 'Stopped' },
  { value: 'all', label: 'All' },
];

interface Actions {
  canStop: boolean;
  onStop: (r: AdminRun) => void;
  onLog: (r: AdminRun) => void;
}

function columns(a: Actions): ColumnDef<AdminRun, unknown>[] {
  const all: ColumnDef<AdminRun, unknown>[] = [
    {
      id: 'customer',
      header: 'Customer',
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
      header: 'Advisor',
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span>{runTitle(row.original)}</span>
          <span className="text-muted-foreground text-xs">
            {row.original.kind === 'autotrader' ? 'AutoTrader' : 'Expert Advisor'}
          </span>
        </span>
      ),
    },
    {
      id: 'account',
      header: 'Account',
      cell: ({ row }) => <span className="tabular-nums">{row.original.account_number}</span>,
    },
    { id: 'started', header: 'Started', cell: ({ row }) => formatWhen(row.original.started_at) },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => {
        const r = row.original;
        return (
          <span className="flex flex-col gap-1">
            <StatusBadge status={r.status} />
            {r.status === 'stopped' ? (
              <span className="max-w-56 whitespace-normal text-muted-foreground text-xs">
                {r.stop_reason ? STOP_REASON_LABELS[r.stop_reason] : 'Stopped'}
                {r.stop_note ? `: ${r.stop_note}` : ''}
                {r.stopped_at ? ` · ${formatWhen(r.stopped_at)}` : ''}
              </span>
            ) : null}
          </span>
        );
      },
    },
    {
      id: 'open_positions',
      header: 'Open positions',
      cell: ({ row }) => <span className="tabular-nums">{row.original.open_positions}</span>,
    },
    {
      id: 'pnl_today',
      header: 'P/L today',
      cell: ({ row }) => {
        const p = signed(row.original.pnl_today, row.original.currency);
        return <span className={`tabular-nums ${p.tone}`}>{p.text}</span>;
      },
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => {
        const r = row.original;
        const what = `${runTitle(r)} of ${customerOf(r)}`;
        return (
          <span className="flex gap-2">
            <Button size="sm" variant="outline" onClick={() => a.onLog(r)}>
              Log<span className="sr-only"> of {what}</span>
            </Button>
            {a.canStop && r.status === 'running' ? (
              <Button size="sm" variant="destructive" onClick={() => a.onStop(r)}>
                Stop<span className="sr-only"> {what}</span>
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
  const id = useId();
  const canStop = useCan('advisors.manage');
  const table = useTableParams(FILTERS);
  const status = STATUS_OPTIONS.find((o) => o.value === table.filters.status)?.value ?? DEFAULT_STATUS;
  const query = useAdminRuns({ status, page: table.page });
  const [stopping, setStopping] = useState<AdminRun | null>(null);
  const [logOf, setLogOf] = useState<AdminRun | null>(null);
  const cols = useMemo(() => columns({ canStop, onStop: setStopping, onLog: setLogOf }), [canStop]);

  return (
    <AdminPage title="Running advisors">
      <div className="grid grid-cols-1 gap-3 sm:max-w-xs">
        <FilterSelect
          id={`${id}-status`}
          label="Status"
          value={status}
          onChange={(v) => table.setFilter('status', v === DEFAULT_STATUS ? '' : v)}
        >
          {STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </FilterSelect>
      </div>
      <DataTable
        label="Advisor runs"
        columns={cols}
        rows={query.data?.data}
        meta={query.data?.meta}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, 'The runs could not be loaded.') : null}
        onRetry={() => void query.refetch()}
        sort={[]}
        onSortChange={() => undefined}
        onPageChange={table.setPage}
        empty={status === 'running' ? 'No advisor is running.' : 'No runs match.'}
        rowKey={(r) => r.id}
      />
      {stopping ? <StopRunDialog run={stopping} onClose={() => setStopping(null)} /> : null}
      {logOf ? <DecisionLogSheet run={logOf} onClose={() => setLogOf(null)} /> : null}
    </AdminPage>
  );
}

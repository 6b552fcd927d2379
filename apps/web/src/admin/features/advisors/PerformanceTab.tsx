import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '@/admin/components/DataTable';
import { apiErrorMessage } from '@/api/errors';
import { StatusBadge } from '../approvals/StatusBadge';
import { percent, signed } from './format';
import { type PerformanceRow, useAdvisorPerformance } from './queries';

const num = (n: number) => <span className="tabular-nums">{n.toLocaleString('en-US')}</span>;

const columns: ColumnDef<PerformanceRow, unknown>[] = (
  [
    {
      id: 'name',
      header: 'Advisor',
      cell: ({ row }) => (
        <span className="flex flex-col gap-1">
          <span className="font-medium">{row.original.name}</span>
          {row.original.active ? null : <StatusBadge status="inactive" />}
        </span>
      ),
    },
    { id: 'running', header: 'Running', cell: ({ row }) => num(row.original.runs_running) },
    { id: 'runs', header: 'Runs in all', cell: ({ row }) => num(row.original.runs_total) },
    { id: 'trades', header: 'Trades', cell: ({ row }) => num(row.original.trades) },
    {
      id: 'pnl',
      header: 'P/L (USD)',
      cell: ({ row }) => {
        const r = row.original;
        const p = signed(r.pnl_usd, 'USD');
        return (
          <span className="flex flex-col">
            <span className={`tabular-nums ${p.tone}`}>{p.text}</span>
            {r.unconverted.length > 0 ? (
              <span className="text-muted-foreground text-xs">
                Without {r.unconverted.join(', ')} (no rate now)
              </span>
            ) : null}
          </span>
        );
      },
    },
    {
      id: 'win_rate',
      header: 'Win rate',
      cell: ({ row }) => <span className="tabular-nums">{percent(row.original.win_rate)}</span>,
    },
    {
      id: 'demo',
      header: 'Demo trades · P/L',
      cell: ({ row }) => {
        const p = signed(row.original.demo_pnl_usd, 'USD');
        return (
          <span className="text-muted-foreground tabular-nums">
            {row.original.demo_trades.toLocaleString('en-US')} · {p.text}
          </span>
        );
      },
    },
  ] satisfies ColumnDef<PerformanceRow, unknown>[]
).map((c) => ({ ...c, enableSorting: false }));

/**
 * How each advisor does across every client's runs: live accounts' closed trades, their P/L in
 * USD, and demo accounts apart (demo money never mixes with real money in a total).
 */
export function PerformanceTab() {
  const query = useAdvisorPerformance();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-muted-foreground text-sm">
        Closed trades of customers' runs on live accounts, all clients together; P/L in USD at today's rates.
        Demo accounts are counted apart.
      </p>
      <DataTable
        label="Advisor performance"
        columns={columns}
        rows={query.data}
        meta={undefined}
        loading={query.isFetching}
        error={
          query.error ? apiErrorMessage(query.error, 'The performance figures could not be loaded.') : null
        }
        onRetry={() => void query.refetch()}
        sort={[]}
        onSortChange={() => undefined}
        onPageChange={() => undefined}
        empty="No Expert Advisors in the catalogue yet."
        rowKey={(r) => r.expert_advisor_id}
      />
    </div>
  );
}

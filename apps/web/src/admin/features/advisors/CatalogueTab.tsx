import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { DataTable } from '@/admin/components/DataTable';
import { useCan } from '@/admin/usePermission';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/utils';
import { StatusBadge } from '../approvals/StatusBadge';
import { useAdminPlans } from '../plans/queries';
import { AdvisorDialog } from './AdvisorDialog';
import { BacktestDialog } from './BacktestDialog';
import { percent, signed, usd } from './format';
import { type AdminAdvisor, useAdminAdvisors, useStrategies } from './queries';

interface Lookups {
  planTitle: (id: number) => string | undefined;
  canManage: boolean;
  onEdit: (a: AdminAdvisor) => void;
  onBacktest: (a: AdminAdvisor) => void;
}

/** Two lines in one cell: the value and a smaller note under it. */
function Stacked(props: { main: ReactNode; note?: ReactNode; className?: string }) {
  return (
    <span className={cn('flex flex-col', props.className)}>
      <span>{props.main}</span>
      {props.note ? <span className="text-muted-foreground text-xs">{props.note}</span> : null}
    </span>
  );
}

// Related facts share a cell (name with category and author, strategy with instrument, status with
// the AutoTrader flag) so the table fits beside the navigation at 1440 px.
function columns(l: Lookups): ColumnDef<AdminAdvisor, unknown>[] {
  const all: ColumnDef<AdminAdvisor, unknown>[] = [
    {
      id: 'name',
      header: 'Advisor',
      cell: ({ row }) => (
        <Stacked
          className="min-w-40 max-w-56 whitespace-normal"
          main={<span className="font-medium">{row.original.name}</span>}
          note={`${row.original.category} · by ${row.original.author}`}
        />
      ),
    },
    {
      id: 'strategy',
      header: 'Strategy · instrument',
      cell: ({ row }) => (
        <Stacked
          className="max-w-52 whitespace-normal"
          main={row.original.strategy_name}
          note={row.original.symbol}
        />
      ),
    },
    {
      id: 'price',
      header: 'Price',
      cell: ({ row }) => (
        <span className="tabular-nums">{row.original.price === 0 ? 'Free' : usd(row.original.price)}</span>
      ),
    },
    {
      id: 'plans',
      header: 'Plans',
      cell: ({ row }) => {
        const ids = row.original.plan_ids;
        if (ids.length === 0) return <span className="text-muted-foreground">None</span>;
        const titles = ids.map((id) => l.planTitle(id));
        return titles.every((t) => t !== undefined) ? (
          <span className="block max-w-40 whitespace-normal">{titles.join(', ')}</span>
        ) : (
          `${ids.length} plan${ids.length === 1 ? '' : 's'}`
        );
      },
    },
    {
      id: 'downloads',
      header: 'Downloads',
      cell: ({ row }) => (
        <span className="tabular-nums">{row.original.downloads.toLocaleString('en-US')}</span>
      ),
    },
    {
      id: 'rating',
      header: 'Rating',
      cell: ({ row }) => <span className="tabular-nums">{row.original.rating.toFixed(1)}</span>,
    },
    {
      id: 'backtest',
      header: 'Backtest',
      cell: ({ row }) => {
        const b = row.original.backtest;
        if (!b) return <span className="text-muted-foreground">Not run</span>;
        const net = signed(b.net_profit, 'USD');
        return (
          <span className="flex flex-col text-xs tabular-nums">
            <span>Win rate {percent(b.win_rate)}</span>
            <span className={net.tone}>Net {net.text}</span>
          </span>
        );
      },
    },
    {
      id: 'active',
      header: 'Status',
      cell: ({ row }) => (
        <span className="flex flex-col gap-1">
          <StatusBadge status={row.original.active ? 'active' : 'inactive'} />
          {row.original.autotrader ? <span className="text-xs">AutoTrader set</span> : null}
        </span>
      ),
    },
  ];
  if (l.canManage) {
    all.push({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => (
        <span className="flex flex-col items-stretch gap-1.5">
          <Button size="sm" variant="outline" onClick={() => l.onEdit(row.original)}>
            Edit<span className="sr-only"> {row.original.name}</span>
          </Button>
          <Button size="sm" variant="ghost" onClick={() => l.onBacktest(row.original)}>
            Rerun backtest<span className="sr-only"> of {row.original.name}</span>
          </Button>
        </span>
      ),
    });
  }
  return all.map((c) => ({ ...c, enableSorting: false }));
}

/** The catalogue staff build from the platform's strategies (issue 16). */
export function CatalogueTab() {
  const canManage = useCan('advisors.manage');
  const query = useAdminAdvisors();
  const strategies = useStrategies(canManage);
  const plans = useAdminPlans();
  // null: closed; 'new': adding; an advisor: editing it.
  const [editing, setEditing] = useState<AdminAdvisor | 'new' | null>(null);
  const [testing, setTesting] = useState<AdminAdvisor | null>(null);
  const list = strategies.data;
  const planList = plans.data?.plans;
  const cols = useMemo(
    () =>
      columns({
        planTitle: (id) => planList?.find((p) => p.id === id)?.title,
        canManage,
        onEdit: setEditing,
        onBacktest: setTesting,
      }),
    [planList, canManage],
  );
  const ready = strategies.isSuccess;

  return (
    <div className="flex flex-col gap-3">
      {canManage ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-muted-foreground text-sm">
            Each advisor runs one of the platform's strategies; customers never upload code.
          </p>
          <Button onClick={() => setEditing('new')} disabled={!ready}>
            <Plus aria-hidden="true" />
            Add advisor
          </Button>
        </div>
      ) : null}
      {strategies.isError ? (
        <Alert variant="destructive">
          {apiErrorMessage(
            strategies.error,
            'The strategies could not be loaded, so advisors cannot be edited.',
          )}{' '}
          <Button size="sm" variant="outline" onClick={() => void strategies.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : null}
      <DataTable
        label="Expert Advisors"
        columns={cols}
        rows={query.data}
        meta={undefined}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, 'The Expert Advisors could not be loaded.') : null}
        onRetry={() => void query.refetch()}
        sort={[]}
        onSortChange={() => undefined}
        onPageChange={() => undefined}
        empty="No Expert Advisors yet. Add one from a strategy."
        rowKey={(a) => a.id}
      />
      {editing && list ? (
        <AdvisorDialog
          advisor={editing === 'new' ? null : editing}
          strategies={list}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {testing ? <BacktestDialog advisor={testing} onClose={() => setTesting(null)} /> : null}
    </div>
  );
}

import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/admin/components/DataTable';
import { useCan } from '@/admin/usePermission';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { formatNumber } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';
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
      header: () => i18n.t('admin:advisors.catalogue.columns.advisor'),
      cell: ({ row }) => (
        <Stacked
          className="min-w-40 max-w-56 whitespace-normal"
          main={<span className="font-medium">{row.original.name}</span>}
          note={i18n.t('admin:advisors.catalogue.byAuthor', {
            category: row.original.category,
            author: row.original.author,
          })}
        />
      ),
    },
    {
      id: 'strategy',
      header: () => i18n.t('admin:advisors.catalogue.columns.strategy'),
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
      header: () => i18n.t('admin:advisors.catalogue.columns.price'),
      cell: ({ row }) => (
        <span className="tabular-nums">
          {row.original.price === 0 ? i18n.t('admin:advisors.catalogue.free') : usd(row.original.price)}
        </span>
      ),
    },
    {
      id: 'plans',
      header: () => i18n.t('admin:advisors.catalogue.columns.plans'),
      cell: ({ row }) => {
        const ids = row.original.plan_ids;
        if (ids.length === 0)
          return <span className="text-muted-foreground">{i18n.t('admin:advisors.catalogue.none')}</span>;
        const titles = ids.map((id) => l.planTitle(id));
        return titles.every((t) => t !== undefined) ? (
          <span className="block max-w-40 whitespace-normal">{titles.join(', ')}</span>
        ) : (
          i18n.t('admin:advisors.catalogue.planCount', { count: ids.length })
        );
      },
    },
    {
      id: 'downloads',
      header: () => i18n.t('admin:advisors.catalogue.columns.downloads'),
      cell: ({ row }) => <span className="tabular-nums">{formatNumber(row.original.downloads)}</span>,
    },
    {
      id: 'rating',
      header: () => i18n.t('admin:advisors.catalogue.columns.rating'),
      cell: ({ row }) => (
        <span className="tabular-nums">
          {formatNumber(row.original.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
        </span>
      ),
    },
    {
      id: 'backtest',
      header: () => i18n.t('admin:advisors.catalogue.columns.backtest'),
      cell: ({ row }) => {
        const b = row.original.backtest;
        if (!b)
          return <span className="text-muted-foreground">{i18n.t('admin:advisors.catalogue.notRun')}</span>;
        const net = signed(b.net_profit, 'USD');
        return (
          <span className="flex flex-col text-xs tabular-nums">
            <span>{i18n.t('admin:advisors.catalogue.winRate', { value: percent(b.win_rate) })}</span>
            <span className={net.tone}>{i18n.t('admin:advisors.catalogue.net', { value: net.text })}</span>
          </span>
        );
      },
    },
    {
      id: 'active',
      header: () => i18n.t('admin:advisors.catalogue.columns.status'),
      cell: ({ row }) => (
        <span className="flex flex-col gap-1">
          <StatusBadge status={row.original.active ? 'active' : 'inactive'} />
          {row.original.autotrader ? (
            <span className="text-xs">{i18n.t('admin:advisors.catalogue.autotraderSet')}</span>
          ) : null}
        </span>
      ),
    },
  ];
  if (l.canManage) {
    all.push({
      id: 'actions',
      header: () => <span className="sr-only">{i18n.t('admin:advisors.catalogue.columns.actions')}</span>,
      cell: ({ row }) => (
        <span className="flex flex-col items-stretch gap-1.5">
          <Button size="sm" variant="outline" onClick={() => l.onEdit(row.original)}>
            {i18n.t('admin:advisors.catalogue.edit')}
            <span className="sr-only"> {row.original.name}</span>
          </Button>
          <Button size="sm" variant="ghost" onClick={() => l.onBacktest(row.original)}>
            {i18n.t('admin:advisors.catalogue.rerun')}
            <span className="sr-only">
              {' '}
              {i18n.t('admin:advisors.catalogue.rerunOf', { name: row.original.name })}
            </span>
          </Button>
        </span>
      ),
    });
  }
  return all.map((c) => ({ ...c, enableSorting: false }));
}

/** The catalogue staff build from the platform's strategies (issue 16). */
export function CatalogueTab() {
  const { t } = useTranslation('admin');
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
          <p className="text-muted-foreground text-sm">{t('advisors.catalogue.intro')}</p>
          <Button onClick={() => setEditing('new')} disabled={!ready}>
            <Plus aria-hidden="true" />
            {t('advisors.catalogue.add')}
          </Button>
        </div>
      ) : null}
      {strategies.isError ? (
        <Alert variant="destructive">
          {apiErrorMessage(strategies.error, t('advisors.catalogue.strategiesFailed'))}{' '}
          <Button size="sm" variant="outline" onClick={() => void strategies.refetch()}>
            {t('table.retry')}
          </Button>
        </Alert>
      ) : null}
      <DataTable
        label={t('advisors.title')}
        columns={cols}
        rows={query.data}
        meta={undefined}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, t('advisors.catalogue.loadFailed')) : null}
        onRetry={() => void query.refetch()}
        sort={[]}
        onSortChange={() => undefined}
        onPageChange={() => undefined}
        empty={t('advisors.catalogue.empty')}
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

import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/admin/components/DataTable';
import { apiErrorMessage } from '@/api/errors';
import { formatNumber } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';
import { StatusBadge } from '../approvals/StatusBadge';
import { percent, signed } from './format';
import { type PerformanceRow, useAdvisorPerformance } from './queries';

const num = (n: number) => <span className="tabular-nums">{formatNumber(n)}</span>;

const columns: ColumnDef<PerformanceRow, unknown>[] = (
  [
    {
      id: 'name',
      header: () => i18n.t('admin:advisors.performance.columns.advisor'),
      cell: ({ row }) => (
        <span className="flex flex-col gap-1">
          <span className="font-medium">{row.original.name}</span>
          {row.original.active ? null : <StatusBadge status="inactive" />}
        </span>
      ),
    },
    {
      id: 'running',
      header: () => i18n.t('admin:advisors.performance.columns.running'),
      cell: ({ row }) => num(row.original.runs_running),
    },
    {
      id: 'runs',
      header: () => i18n.t('admin:advisors.performance.columns.runs'),
      cell: ({ row }) => num(row.original.runs_total),
    },
    {
      id: 'trades',
      header: () => i18n.t('admin:advisors.performance.columns.trades'),
      cell: ({ row }) => num(row.original.trades),
    },
    {
      id: 'pnl',
      header: () => i18n.t('admin:advisors.performance.columns.pnl'),
      cell: ({ row }) => {
        const r = row.original;
        const p = signed(r.pnl_usd, 'USD');
        return (
          <span className="flex flex-col">
            <span className={`tabular-nums ${p.tone}`}>{p.text}</span>
            {r.unconverted.length > 0 ? (
              <span className="text-muted-foreground text-xs">
                {i18n.t('admin:advisors.performance.unconverted', { currencies: r.unconverted.join(', ') })}
              </span>
            ) : null}
          </span>
        );
      },
    },
    {
      id: 'win_rate',
      header: () => i18n.t('admin:advisors.performance.columns.winRate'),
      cell: ({ row }) => <span className="tabular-nums">{percent(row.original.win_rate)}</span>,
    },
    {
      id: 'demo',
      header: () => i18n.t('admin:advisors.performance.columns.demo'),
      cell: ({ row }) => {
        const p = signed(row.original.demo_pnl_usd, 'USD');
        return (
          <span className="text-muted-foreground tabular-nums">
            {formatNumber(row.original.demo_trades)} · {p.text}
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
  const { t } = useTranslation('admin');
  const query = useAdvisorPerformance();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-muted-foreground text-sm">{t('advisors.performance.intro')}</p>
      <DataTable
        label={t('advisors.performance.label')}
        columns={columns}
        rows={query.data}
        meta={undefined}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, t('advisors.performance.loadFailed')) : null}
        onRetry={() => void query.refetch()}
        sort={[]}
        onSortChange={() => undefined}
        onPageChange={() => undefined}
        empty={t('advisors.performance.empty')}
        rowKey={(r) => r.expert_advisor_id}
      />
    </div>
  );
}

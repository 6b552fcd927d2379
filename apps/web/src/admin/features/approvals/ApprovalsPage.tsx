import { APPROVAL_KINDS, APPROVAL_STATUSES, type Approval, type ApprovalStatus } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/admin/components/AdminPage';
import { DataTable } from '@/admin/components/DataTable';
import { useTableParams } from '@/admin/components/useTableParams';
import { apiErrorMessage } from '@/api/errors';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { formatDateTime } from '@/i18n/format';
import { ApprovalActions } from './ApprovalActions';
import { ApprovalDetail } from './kinds';
import { useApprovals } from './queries';
import { StatusBadge } from './StatusBadge';

const FILTERS = ['status', 'kind'] as const;
const when = (iso: string | null) =>
  iso ? formatDateTime(iso, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

function approvalColumns(t: TFunction<'adminClients'>): ColumnDef<Approval, unknown>[] {
  return [
    {
      id: 'summary',
      header: t('approvals.columns.request'),
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
      header: t('approvals.columns.requested'),
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
      header: t('approvals.columns.status'),
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
                {t(`approvals.reasons.${a.reason_code}`)}
                {a.reason ? `: ${a.reason}` : ''}
              </span>
            ) : null}
          </div>
        );
      },
    },
    {
      id: 'actions',
      header: t('approvals.columns.actions'),
      enableSorting: false,
      cell: ({ row }) => <ApprovalActions approval={row.original} />,
    },
  ];
}

/** The approvals queue (DESIGN §12): requests waiting for a second staff member, and past decisions. */
export function ApprovalsPage() {
  const { t } = useTranslation('adminClients');
  const id = useId();
  const table = useTableParams(FILTERS);
  const columns = useMemo(() => approvalColumns(t), [t]);
  // No status in the address is the queue's own view: what waits.
  const status = table.filters.status === '' ? 'pending' : table.filters.status;
  const query = useApprovals({
    status: APPROVAL_STATUSES.find((s): s is ApprovalStatus => s === status),
    kind: table.filters.kind || undefined,
    page: table.page,
    per_page: 25,
  });
  return (
    <AdminPage title={t('approvals.title')}>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex w-44 flex-col gap-1.5">
          <Label htmlFor={`${id}-status`}>{t('approvals.status')}</Label>
          <NativeSelect
            id={`${id}-status`}
            value={status}
            onChange={(e) => table.setFilter('status', e.target.value === 'pending' ? '' : e.target.value)}
          >
            {APPROVAL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`approvals.statusOptions.${s}`)}
              </option>
            ))}
            <option value="all">{t('approvals.all')}</option>
          </NativeSelect>
        </div>
        <div className="flex w-52 flex-col gap-1.5">
          <Label htmlFor={`${id}-kind`}>{t('approvals.kind')}</Label>
          <NativeSelect
            id={`${id}-kind`}
            value={table.filters.kind}
            onChange={(e) => table.setFilter('kind', e.target.value)}
          >
            <option value="">{t('approvals.allKinds')}</option>
            {APPROVAL_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`approvals.kinds.${k}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <DataTable
        label={t('approvals.tableLabel')}
        columns={columns}
        rows={query.data?.data}
        meta={query.data?.meta}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, t('approvals.loadFailed')) : null}
        onRetry={() => void query.refetch()}
        sort={table.sort}
        onSortChange={table.setSort}
        onPageChange={table.setPage}
        empty={status === 'pending' ? t('approvals.nothingWaits') : t('approvals.noMatch')}
        rowKey={(a) => a.id}
      />
    </AdminPage>
  );
}

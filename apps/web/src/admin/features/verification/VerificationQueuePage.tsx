import type { VerificationQueueItem } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPage } from '@/admin/components/AdminPage';
import { DataTable } from '@/admin/components/DataTable';
import { useTableParams } from '@/admin/components/useTableParams';
import { useCan } from '@/admin/usePermission';
import { apiErrorMessage } from '@/api/errors';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { formatDateTime } from '@/i18n/format';
import { useVerificationQueue } from './queries';
import { SettingsPanel } from './SettingsPanel';

const FILTERS = ['status', 'level', 'age', 'country'] as const;
const when = (iso: string | null) =>
  iso ? formatDateTime(iso, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

function queueColumns(t: TFunction<'adminOps'>): ColumnDef<VerificationQueueItem, unknown>[] {
  return [
    {
      id: 'customer',
      header: t('verification.columns.customer'),
      enableSorting: false,
      cell: ({ row }) => (
        <Link to={`/admin/verification/${row.original.user_id}`} className="flex flex-col hover:underline">
          <span className="font-medium text-primary">{row.original.name}</span>
          <span className="text-muted-foreground text-xs">{row.original.email}</span>
        </Link>
      ),
    },
    {
      id: 'country',
      header: t('verification.columns.country'),
      enableSorting: false,
      cell: ({ row }) => row.original.country ?? '—',
    },
    {
      id: 'level',
      header: t('verification.columns.level'),
      enableSorting: false,
      cell: ({ row }) => row.original.level,
    },
    {
      id: 'pending',
      header: t('verification.columns.pending'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.pending.length
          ? row.original.pending.map((k) => t(`labels.requirement.${k}`)).join(', ')
          : '—',
    },
    {
      id: 'submitted',
      header: t('verification.columns.submitted'),
      enableSorting: true,
      cell: ({ row }) => when(row.original.submitted_at),
    },
  ];
}

/** The verification queue: customers with requirements to review, oldest submission first. */
export function VerificationQueuePage() {
  const { t } = useTranslation('adminOps');
  const columns = useMemo(() => queueColumns(t), [t]);
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
    <AdminPage title={t('verification.queue.title')}>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex w-40 flex-col gap-1.5">
          <Label htmlFor={`${id}-status`}>{t('verification.queue.status')}</Label>
          <NativeSelect
            id={`${id}-status`}
            value={table.filters.status || 'pending'}
            onChange={(e) => table.setFilter('status', e.target.value === 'pending' ? '' : e.target.value)}
          >
            <option value="pending">{t('verification.queue.statusPending')}</option>
            <option value="rejected">{t('verification.queue.statusRejected')}</option>
            <option value="verified">{t('verification.queue.statusVerified')}</option>
            <option value="all">{t('verification.queue.statusAll')}</option>
          </NativeSelect>
        </div>
        <div className="flex w-32 flex-col gap-1.5">
          <Label htmlFor={`${id}-level`}>{t('verification.queue.level')}</Label>
          <NativeSelect
            id={`${id}-level`}
            value={table.filters.level}
            onChange={(e) => table.setFilter('level', e.target.value)}
          >
            <option value="">{t('verification.queue.levelAny')}</option>
            {[0, 1, 2].map((l) => (
              <option key={l} value={String(l)}>
                {t('verification.queue.levelN', { level: l })}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex w-40 flex-col gap-1.5">
          <Label htmlFor={`${id}-age`}>{t('verification.queue.age')}</Label>
          <NativeSelect
            id={`${id}-age`}
            value={table.filters.age}
            onChange={(e) => table.setFilter('age', e.target.value)}
          >
            <option value="">{t('verification.queue.ageAny')}</option>
            {[1, 3, 7].map((days) => (
              <option key={days} value={String(days)}>
                {t('verification.queue.ageDays', { count: days })}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex w-44 flex-col gap-1.5">
          <Label htmlFor={`${id}-country`}>{t('verification.queue.country')}</Label>
          <Input
            id={`${id}-country`}
            defaultValue={table.filters.country}
            placeholder={t('verification.queue.countryPlaceholder')}
            onBlur={(e) => table.setFilter('country', e.target.value.trim())}
            onKeyDown={(e) => {
              if (e.key === 'Enter') table.setFilter('country', e.currentTarget.value.trim());
            }}
          />
        </div>
      </div>
      <DataTable
        label={t('verification.queue.tableLabel')}
        columns={columns}
        rows={query.data?.data}
        meta={query.data?.meta}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, t('verification.queue.loadError')) : null}
        onRetry={() => void query.refetch()}
        sort={table.sort}
        onSortChange={table.setSort}
        onPageChange={table.setPage}
        empty={
          (table.filters.status || 'pending') === 'pending'
            ? t('verification.queue.emptyPending')
            : t('verification.queue.empty')
        }
        rowKey={(r) => r.user_id}
      />
      <SettingsPanel editable={canConfigure} />
    </AdminPage>
  );
}

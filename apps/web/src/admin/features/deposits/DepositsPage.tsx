import { DEPOSIT_METHODS, DEPOSIT_STATUSES } from '@openbroker/domain';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/admin/components/AdminPage';
import { DataTable } from '@/admin/components/DataTable';
import { FilterSearch, FilterSelect } from '@/admin/components/FilterFields';
import { useDebouncedSearch, useTableParams } from '@/admin/components/useTableParams';
import type { AdminDeposit } from '@/api/adminMoney';
import { apiErrorMessage } from '@/api/errors';
import { DepositSheet } from './DepositSheet';
import { depositColumns, depositMethodLabel } from './depositColumns';
import { useAdminDeposits } from './queries';

const FILTERS = ['status', 'method', 'q'] as const;

/**
 * The deposit queue (issue 14): every deposit with its client, method, amount, fee and status;
 * wires waiting for staff are confirmed or rejected from a deposit's detail sheet.
 */
export function DepositsPage() {
  const { t } = useTranslation('adminOps');
  const id = useId();
  const table = useTableParams(FILTERS);
  const { setFilter } = table;
  const [search, setSearch] = useDebouncedSearch(
    table.filters.q,
    useCallback((v: string) => setFilter('q', v), [setFilter]),
  );
  const [open, setOpen] = useState<AdminDeposit | null>(null);
  const columns = useMemo(() => depositColumns(t, setOpen), [t]);
  const query = useAdminDeposits({
    status: table.filters.status || undefined,
    method: table.filters.method || undefined,
    q: table.filters.q || undefined,
    page: table.page,
  });

  return (
    <AdminPage title={t('deposits.page.title')}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(16rem,2fr)_1fr_1fr]">
        <FilterSearch
          id={`${id}-q`}
          value={search}
          onChange={setSearch}
          placeholder={t('deposits.page.searchPlaceholder')}
        />
        <FilterSelect
          id={`${id}-status`}
          label={t('shared.status')}
          value={table.filters.status}
          onChange={(v) => table.setFilter('status', v)}
        >
          <option value="">{t('shared.allStatuses')}</option>
          {DEPOSIT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`labels.depositStatus.${s}`)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id={`${id}-method`}
          label={t('shared.method')}
          value={table.filters.method}
          onChange={(v) => table.setFilter('method', v)}
        >
          <option value="">{t('shared.allMethods')}</option>
          {DEPOSIT_METHODS.map((m) => (
            <option key={m} value={m}>
              {depositMethodLabel(m)}
            </option>
          ))}
        </FilterSelect>
      </div>
      <DataTable
        label={t('deposits.page.title')}
        columns={columns}
        rows={query.data?.data}
        meta={query.data?.meta}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, t('deposits.page.loadError')) : null}
        onRetry={() => void query.refetch()}
        sort={[]}
        onSortChange={() => undefined}
        onPageChange={table.setPage}
        empty={t('deposits.page.empty')}
        rowKey={(d) => d.id}
      />
      {open ? <DepositSheet deposit={open} onClose={() => setOpen(null)} /> : null}
    </AdminPage>
  );
}

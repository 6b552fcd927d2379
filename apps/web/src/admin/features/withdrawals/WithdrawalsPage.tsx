import { WITHDRAWAL_METHODS, WITHDRAWAL_STATUSES } from '@openbroker/domain';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/admin/components/AdminPage';
import { DataTable } from '@/admin/components/DataTable';
import { FilterSearch, FilterSelect } from '@/admin/components/FilterFields';
import { useDebouncedSearch, useTableParams } from '@/admin/components/useTableParams';
import type { AdminWithdrawal } from '@/api/adminMoney';
import { apiErrorMessage } from '@/api/errors';
import { useAdminWithdrawals } from './queries';
import { WithdrawalSheet } from './WithdrawalSheet';
import { withdrawalColumns, withdrawalMethodLabel } from './withdrawalColumns';

const FILTERS = ['status', 'method', 'q'] as const;
/** No status in the address is the queue's own view: what waits for approval. */
const QUEUE_STATUS = 'held';

/**
 * The withdrawal queue (issue 14): requests awaiting approval first; each opens beside the
 * client's recent activity, with the steps its state allows.
 */
export function WithdrawalsPage() {
  const { t } = useTranslation('adminOps');
  const id = useId();
  const table = useTableParams(FILTERS);
  const { setFilter } = table;
  const [search, setSearch] = useDebouncedSearch(
    table.filters.q,
    useCallback((v: string) => setFilter('q', v), [setFilter]),
  );
  const [open, setOpen] = useState<AdminWithdrawal | null>(null);
  const columns = useMemo(() => withdrawalColumns(t, setOpen), [t]);
  const status = table.filters.status || QUEUE_STATUS;
  const query = useAdminWithdrawals({
    status: status === 'all' ? undefined : status,
    method: table.filters.method || undefined,
    q: table.filters.q || undefined,
    page: table.page,
  });

  return (
    <AdminPage title={t('withdrawals.page.title')}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(16rem,2fr)_1fr_1fr]">
        <FilterSearch
          id={`${id}-q`}
          value={search}
          onChange={setSearch}
          placeholder={t('withdrawals.page.searchPlaceholder')}
        />
        <FilterSelect
          id={`${id}-status`}
          label={t('shared.status')}
          value={status}
          onChange={(v) => table.setFilter('status', v === QUEUE_STATUS ? '' : v)}
        >
          {WITHDRAWAL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`labels.withdrawalStatus.${s}`)}
            </option>
          ))}
          <option value="all">{t('shared.allStatuses')}</option>
        </FilterSelect>
        <FilterSelect
          id={`${id}-method`}
          label={t('shared.method')}
          value={table.filters.method}
          onChange={(v) => table.setFilter('method', v)}
        >
          <option value="">{t('shared.allMethods')}</option>
          {WITHDRAWAL_METHODS.map((m) => (
            <option key={m} value={m}>
              {withdrawalMethodLabel(m)}
            </option>
          ))}
        </FilterSelect>
      </div>
      <DataTable
        label={t('withdrawals.page.title')}
        columns={columns}
        rows={query.data?.data}
        meta={query.data?.meta}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, t('withdrawals.page.loadError')) : null}
        onRetry={() => void query.refetch()}
        sort={[]}
        onSortChange={() => undefined}
        onPageChange={table.setPage}
        empty={status === QUEUE_STATUS ? t('withdrawals.page.emptyQueue') : t('withdrawals.page.empty')}
        rowKey={(w) => w.id}
      />
      {open ? <WithdrawalSheet withdrawal={open} onClose={() => setOpen(null)} /> : null}
    </AdminPage>
  );
}

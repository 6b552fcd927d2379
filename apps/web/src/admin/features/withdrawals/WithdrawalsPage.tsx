import { WITHDRAWAL_METHODS, WITHDRAWAL_STATUS_LABELS, WITHDRAWAL_STATUSES } from '@openbroker/domain';
import { useCallback, useId, useMemo, useState } from 'react';
import { AdminPage } from '@/admin/components/AdminPage';
import { DataTable } from '@/admin/components/DataTable';
import { FilterSearch, FilterSelect } from '@/admin/components/FilterFields';
import { useDebouncedSearch, useTableParams } from '@/admin/components/useTableParams';
import type { AdminWithdrawal } from '@/api/adminMoney';
import { apiErrorMessage } from '@/api/errors';
import { useAdminWithdrawals } from './queries';
import { WithdrawalSheet } from './WithdrawalSheet';
import { WITHDRAWAL_METHOD_LABELS, withdrawalColumns } from './withdrawalColumns';

const FILTERS = ['status', 'method', 'q'] as const;
/** No status in the address is the queue's own view: what waits for approval. */
const QUEUE_STATUS = 'held';

/**
 * The withdrawal queue (issue 14): requests awaiting approval first; each opens beside the
 * client's recent activity, with the steps its state allows.
 */
export function WithdrawalsPage() {
  const id = useId();
  const table = useTableParams(FILTERS);
  const { setFilter } = table;
  const [search, setSearch] = useDebouncedSearch(
    table.filters.q,
    useCallback((v: string) => setFilter('q', v), [setFilter]),
  );
  const [open, setOpen] = useState<AdminWithdrawal | null>(null);
  const columns = useMemo(() => withdrawalColumns(setOpen), []);
  const status = table.filters.status || QUEUE_STATUS;
  const query = useAdminWithdrawals({
    status: status === 'all' ? undefined : status,
    method: table.filters.method || undefined,
    q: table.filters.q || undefined,
    page: table.page,
  });

  return (
    <AdminPage title="Withdrawals">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(16rem,2fr)_1fr_1fr]">
        <FilterSearch
          id={`${id}-q`}
          value={search}
          onChange={setSearch}
          placeholder="Client, e-mail or account"
        />
        <FilterSelect
          id={`${id}-status`}
          label="Status"
          value={status}
          onChange={(v) => table.setFilter('status', v === QUEUE_STATUS ? '' : v)}
        >
          {WITHDRAWAL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {WITHDRAWAL_STATUS_LABELS[s]}
            </option>
          ))}
          <option value="all">All statuses</option>
        </FilterSelect>
        <FilterSelect
          id={`${id}-method`}
          label="Method"
          value={table.filters.method}
          onChange={(v) => table.setFilter('method', v)}
        >
          <option value="">All methods</option>
          {WITHDRAWAL_METHODS.map((m) => (
            <option key={m} value={m}>
              {WITHDRAWAL_METHOD_LABELS[m]}
            </option>
          ))}
        </FilterSelect>
      </div>
      <DataTable
        label="Withdrawals"
        columns={columns}
        rows={query.data?.data}
        meta={query.data?.meta}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, 'The withdrawals could not be loaded.') : null}
        onRetry={() => void query.refetch()}
        sort={[]}
        onSortChange={() => undefined}
        onPageChange={table.setPage}
        empty={status === QUEUE_STATUS ? 'Nothing waits for approval.' : 'No withdrawals match.'}
        rowKey={(w) => w.id}
      />
      {open ? <WithdrawalSheet withdrawal={open} onClose={() => setOpen(null)} /> : null}
    </AdminPage>
  );
}

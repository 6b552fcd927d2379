import type { ClientMoneyEntry } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable } from '@/admin/components/DataTable';
import { apiErrorMessage } from '@/api/errors';
import { ApprovalActions } from '../../approvals/ApprovalActions';
import { usePendingForAccounts } from '../../approvals/queries';
import { formatAmount, formatWhen } from '../format';
import { useClientMoney } from '../queries';

const KINDS: Record<string, string> = {
  staff_adjustment: 'Staff adjustment',
  seed_funding: 'Demo funding',
  realised_pnl: 'Realised P/L',
  negative_balance_protection: 'Negative balance protection',
};

const BASE: ColumnDef<ClientMoneyEntry, unknown>[] = [
  { id: 'at', header: 'When', cell: ({ row }) => formatWhen(row.original.created_at) },
  { id: 'account', header: 'Account', cell: ({ row }) => row.original.account_number },
  { id: 'kind', header: 'Kind', cell: ({ row }) => KINDS[row.original.kind] ?? row.original.kind },
  {
    id: 'field',
    header: 'Field',
    cell: ({ row }) => (row.original.field === 'balance' ? 'Balance' : 'Credit'),
  },
  {
    id: 'amount',
    header: 'Amount',
    cell: ({ row }) => (
      <span className={`tabular-nums ${row.original.amount < 0 ? 'text-sell' : 'text-buy'}`}>
        {formatAmount(row.original.amount, row.original.currency)}
      </span>
    ),
  },
  {
    id: 'reason',
    header: 'Reason',
    cell: ({ row }) => <span className="block min-w-48 whitespace-normal">{row.original.reason}</span>,
  },
  { id: 'by', header: 'By', cell: ({ row }) => row.original.created_by?.name ?? '—' },
];
const columns = BASE.map((c) => ({ ...c, enableSorting: false }));

/** The ledger of the client's accounts, and the requests on them waiting for a second approver. */
export function MoneyTab({ clientId, accountIds }: { clientId: number; accountIds: number[] }) {
  const [page, setPage] = useState(1);
  const money = useClientMoney(clientId, page, true);
  const pending = usePendingForAccounts(accountIds, true);
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="pending-approvals" className="flex flex-col gap-2">
        <h2 id="pending-approvals" className="font-medium text-sm">
          Waiting for approval
        </h2>
        {pending.error ? (
          <p role="alert" className="text-destructive text-sm">
            {apiErrorMessage(pending.error, 'The pending requests could not be loaded.')}
          </p>
        ) : pending.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">{pending.loading ? 'Loading…' : 'Nothing waits.'}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {pending.data.map((a) => (
              <li
                key={a.id}
                className="flex flex-col gap-2 rounded-md border p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex flex-col">
                  <span>{a.summary}</span>
                  <span className="text-muted-foreground text-xs">
                    Requested by {a.requested_by.name}, {formatWhen(a.requested_at)}
                    {typeof a.payload.reason === 'string' ? ` · “${a.payload.reason}”` : ''}
                  </span>
                </div>
                <ApprovalActions approval={a} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="ledger" className="flex flex-col gap-2">
        <h2 id="ledger" className="font-medium text-sm">
          Ledger
        </h2>
        <DataTable
          label="Ledger entries"
          columns={columns}
          rows={money.data?.data}
          meta={money.data?.meta}
          loading={money.isFetching}
          error={money.error ? apiErrorMessage(money.error, 'The ledger could not be loaded.') : null}
          onRetry={() => void money.refetch()}
          sort={[]}
          onSortChange={() => undefined}
          onPageChange={setPage}
          empty="No money has moved on these accounts yet."
          rowKey={(e) => e.id}
        />
      </section>
    </div>
  );
}

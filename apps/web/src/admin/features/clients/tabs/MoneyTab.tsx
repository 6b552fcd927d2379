import type { ClientMoneyEntry } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/admin/components/DataTable';
import { apiErrorMessage } from '@/api/errors';
import { ApprovalActions } from '../../approvals/ApprovalActions';
import { usePendingForAccounts } from '../../approvals/queries';
import { formatAmount, formatWhen } from '../format';
import { useClientMoney } from '../queries';

const KINDS = ['staff_adjustment', 'seed_funding', 'realised_pnl', 'negative_balance_protection'] as const;
type Kind = (typeof KINDS)[number];
const isKind = (k: string): k is Kind => (KINDS as readonly string[]).includes(k);

function moneyColumns(t: TFunction<'adminClients'>): ColumnDef<ClientMoneyEntry, unknown>[] {
  const base: ColumnDef<ClientMoneyEntry, unknown>[] = [
    { id: 'at', header: t('money.columns.when'), cell: ({ row }) => formatWhen(row.original.created_at) },
    { id: 'account', header: t('money.columns.account'), cell: ({ row }) => row.original.account_number },
    {
      id: 'kind',
      header: t('money.columns.kind'),
      cell: ({ row }) => {
        const kind = row.original.kind;
        return isKind(kind) ? t(`money.kinds.${kind}`) : kind;
      },
    },
    {
      id: 'field',
      header: t('money.columns.field'),
      cell: ({ row }) => (row.original.field === 'balance' ? t('money.balance') : t('money.credit')),
    },
    {
      id: 'amount',
      header: t('money.columns.amount'),
      cell: ({ row }) => (
        <span className={`tabular-nums ${row.original.amount < 0 ? 'text-sell' : 'text-buy'}`}>
          {formatAmount(row.original.amount, row.original.currency)}
        </span>
      ),
    },
    {
      id: 'reason',
      header: t('money.columns.reason'),
      cell: ({ row }) => <span className="block min-w-48 whitespace-normal">{row.original.reason}</span>,
    },
    { id: 'by', header: t('money.columns.by'), cell: ({ row }) => row.original.created_by?.name ?? '—' },
  ];
  return base.map((c) => ({ ...c, enableSorting: false }));
}

/** The ledger of the client's accounts, and the requests on them waiting for a second approver. */
export function MoneyTab({ clientId, accountIds }: { clientId: number; accountIds: number[] }) {
  const { t } = useTranslation('adminClients');
  const id = useId();
  const [page, setPage] = useState(1);
  const money = useClientMoney(clientId, page, true);
  const pending = usePendingForAccounts(accountIds, true);
  const columns = useMemo(() => moneyColumns(t), [t]);
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby={`${id}-pending`} className="flex flex-col gap-2">
        <h2 id={`${id}-pending`} className="font-medium text-sm">
          {t('money.waiting')}
        </h2>
        {pending.error ? (
          <p role="alert" className="text-destructive text-sm">
            {apiErrorMessage(pending.error, t('money.pendingFailed'))}
          </p>
        ) : pending.data.length === 0 ? (
          <p role="status" className="text-muted-foreground text-sm">
            {pending.loading ? t('shared.loading') : t('money.nothingWaits')}
          </p>
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
                    {t('money.requestedBy', { name: a.requested_by.name, when: formatWhen(a.requested_at) })}
                    {typeof a.payload.reason === 'string' ? ` · “${a.payload.reason}”` : ''}
                  </span>
                </div>
                <ApprovalActions approval={a} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={`${id}-ledger`} className="flex flex-col gap-2">
        <h2 id={`${id}-ledger`} className="font-medium text-sm">
          {t('money.ledger')}
        </h2>
        <DataTable
          label={t('money.ledgerLabel')}
          columns={columns}
          rows={money.data?.data}
          meta={money.data?.meta}
          loading={money.isFetching}
          error={money.error ? apiErrorMessage(money.error, t('money.ledgerFailed')) : null}
          onRetry={() => void money.refetch()}
          sort={[]}
          onSortChange={() => undefined}
          onPageChange={setPage}
          empty={t('money.empty')}
          rowKey={(e) => e.id}
        />
      </section>
    </div>
  );
}

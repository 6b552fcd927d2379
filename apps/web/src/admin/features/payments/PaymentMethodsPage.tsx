import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/admin/components/AdminPage';
import { DataTable } from '@/admin/components/DataTable';
import type { AdminPaymentMethod } from '@/api/adminMoney';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { formatPercent } from '@/i18n/format';
import { formatAmount } from '../deposits/format';
import { SandboxBadge } from '../deposits/MoneyStatus';
import { PaymentMethodSheet } from './PaymentMethodSheet';
import { usePaymentMethods } from './queries';

const usd = (n: number) => formatAmount(n, 'USD');

function columns(
  t: TFunction<'adminOps'>,
  onEdit: (m: AdminPaymentMethod) => void,
): ColumnDef<AdminPaymentMethod, unknown>[] {
  const fee = (percent: number, fixed: number) =>
    percent === 0 && fixed === 0
      ? t('payments.cells.none')
      : [percent ? formatPercent(percent, 4) : '', fixed ? usd(fixed) : ''].filter(Boolean).join(' + ');
  const all: ColumnDef<AdminPaymentMethod, unknown>[] = [
    {
      id: 'method',
      header: t('payments.columns.method'),
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span className="font-medium">{row.original.label}</span>
          <span className="font-mono text-muted-foreground text-xs">{row.original.key}</span>
        </span>
      ),
    },
    {
      id: 'provider',
      header: t('payments.columns.provider'),
      cell: ({ row }) => (
        <span className="flex items-center gap-2">
          {row.original.provider}
          {row.original.sandbox ? <SandboxBadge /> : null}
          {row.original.bank_demo ? (
            <span className="text-muted-foreground text-xs">{t('payments.cells.demoBank')}</span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'deposits',
      header: t('payments.columns.deposits'),
      cell: ({ row }) => (row.original.enabled ? t('payments.cells.on') : t('payments.cells.off')),
    },
    {
      id: 'currencies',
      header: t('payments.columns.currencies'),
      cell: ({ row }) => row.original.currencies.join(', '),
    },
    {
      id: 'limits',
      header: t('payments.columns.limits'),
      cell: ({ row }) =>
        `${usd(row.original.min_amount)} – ${row.original.max_amount === null ? t('shared.noMaximum') : usd(row.original.max_amount)}`,
    },
    {
      id: 'fee',
      header: t('payments.columns.fee'),
      cell: ({ row }) => fee(row.original.fee_percent, row.original.fee_fixed),
    },
    {
      id: 'withdrawals',
      header: t('payments.columns.withdrawals'),
      cell: ({ row }) =>
        row.original.withdrawals_enabled
          ? t('payments.cells.onWithFee', {
              fee: fee(row.original.withdrawal_fee_percent, row.original.withdrawal_fee_fixed),
            })
          : t('payments.cells.off'),
    },
    {
      id: 'edit',
      header: () => <span className="sr-only">{t('shared.edit')}</span>,
      cell: ({ row }) => (
        <Button size="sm" variant="outline" onClick={() => onEdit(row.original)}>
          {t('shared.edit')}
          <span className="sr-only"> {row.original.label}</span>
        </Button>
      ),
    },
  ];
  return all.map((c) => ({ ...c, enableSorting: false }));
}

/** Payment methods (issue 14): card, wire and each coin and network, with their provider, limits and fees. */
export function PaymentMethodsPage() {
  const { t } = useTranslation('adminOps');
  const query = usePaymentMethods();
  const [editing, setEditing] = useState<AdminPaymentMethod | null>(null);
  const cols = useMemo(() => columns(t, setEditing), [t]);
  return (
    <AdminPage title={t('payments.page.title')}>
      <p className="text-muted-foreground text-sm">{t('payments.page.intro')}</p>
      <DataTable
        label={t('payments.page.title')}
        columns={cols}
        rows={query.data}
        meta={undefined}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, t('payments.page.loadError')) : null}
        onRetry={() => void query.refetch()}
        sort={[]}
        onSortChange={() => undefined}
        onPageChange={() => undefined}
        empty={t('payments.page.empty')}
        rowKey={(m) => m.key}
      />
      {editing ? <PaymentMethodSheet method={editing} onClose={() => setEditing(null)} /> : null}
    </AdminPage>
  );
}

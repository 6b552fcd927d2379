import type { Trade } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/admin/components/DataTable';
import { useCan } from '@/admin/usePermission';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { formatNumber } from '@/i18n/format';
import { formatPnl, formatPrice, formatWhen } from '../format';
import { useClientTrades } from '../queries';
import { CloseTradeDialog } from './CloseTradeDialog';

const pnlClass = (x: number) => (x < 0 ? 'text-sell' : x > 0 ? 'text-buy' : '');

/** Open positions (floating P/L at live prices, staff close with a reason) and closed history. */
export function TradesTab({ clientId }: { clientId: number }) {
  const { t } = useTranslation('adminClients');
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const [page, setPage] = useState(1);
  const [closing, setClosing] = useState<Trade | null>(null);
  const canClose = useCan('trades.close');
  const query = useClientTrades(clientId, status, page);

  const columns = useMemo<ColumnDef<Trade, unknown>[]>(() => {
    const cols: ColumnDef<Trade, unknown>[] = [
      { id: 'asset', header: t('trades.instrument'), cell: ({ row }) => row.original.asset_symbol },
      {
        id: 'side',
        header: t('trades.side'),
        cell: ({ row }) => (
          <span className={row.original.trade_type === 'buy' ? 'text-buy' : 'text-sell'}>
            {row.original.trade_type === 'buy' ? t('trades.buy') : t('trades.sell')}
          </span>
        ),
      },
      {
        id: 'volume',
        header: t('trades.lots'),
        cell: ({ row }) => formatNumber(row.original.volume, { maximumFractionDigits: 8 }),
      },
      {
        id: 'open',
        header: t('trades.openPrice'),
        cell: ({ row }) => <span dir="ltr">{formatPrice(row.original.opening_price)}</span>,
      },
      {
        id: 'close',
        header: status === 'open' ? t('trades.currentPrice') : t('trades.closePrice'),
        cell: ({ row }) => <span dir="ltr">{formatPrice(row.original.closing_price)}</span>,
      },
      {
        id: 'pnl',
        header: t('trades.pnl'),
        cell: ({ row }) => (
          <span className={`tabular-nums ${pnlClass(row.original.pnl)}`}>{formatPnl(row.original.pnl)}</span>
        ),
      },
      { id: 'opened', header: t('trades.opened'), cell: ({ row }) => formatWhen(row.original.open_time) },
    ];
    if (status === 'closed') {
      cols.push(
        {
          id: 'closed',
          header: t('trades.closedAt'),
          cell: ({ row }) => formatWhen(row.original.close_time),
        },
        { id: 'reason', header: t('trades.closedBy'), cell: ({ row }) => row.original.close_reason ?? '—' },
      );
    } else if (canClose) {
      cols.push({
        id: 'actions',
        header: t('shared.actions'),
        cell: ({ row }) => (
          <Button
            size="sm"
            variant="outline"
            aria-label={t('trades.closeNamed', { symbol: row.original.asset_symbol })}
            onClick={() => setClosing(row.original)}
          >
            {t('trades.close')}
          </Button>
        ),
      });
    }
    return cols.map((c) => ({ ...c, enableSorting: false }));
  }, [status, canClose, t]);

  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex gap-2">
        <legend className="sr-only">{t('trades.which')}</legend>
        {(['open', 'closed'] as const).map((s) => (
          <Button
            key={s}
            size="sm"
            variant={status === s ? 'default' : 'outline'}
            aria-pressed={status === s}
            onClick={() => {
              setStatus(s);
              setPage(1);
            }}
          >
            {s === 'open' ? t('trades.open') : t('trades.closed')}
          </Button>
        ))}
      </fieldset>
      <DataTable
        label={status === 'open' ? t('trades.open') : t('trades.closed')}
        columns={columns}
        rows={query.data?.data}
        meta={query.data?.meta}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, t('trades.loadFailed')) : null}
        onRetry={() => void query.refetch()}
        sort={[]}
        onSortChange={() => undefined}
        onPageChange={setPage}
        empty={status === 'open' ? t('trades.noOpen') : t('trades.noClosed')}
        rowKey={(tr) => tr.id}
      />
      {closing ? (
        <CloseTradeDialog clientId={clientId} trade={closing} onDone={() => setClosing(null)} />
      ) : null}
    </div>
  );
}

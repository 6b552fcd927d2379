import type { Trade } from '@openbroker/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DataTable } from '@/admin/components/DataTable';
import { useCan } from '@/admin/usePermission';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { formatPrice, formatWhen } from '../format';
import { useClientTrades } from '../queries';
import { CloseTradeDialog } from './CloseTradeDialog';

const pnlClass = (x: number) => (x < 0 ? 'text-sell' : x > 0 ? 'text-buy' : '');

/** Open positions (floating P/L at live prices, staff close with a reason) and closed history. */
export function TradesTab({ clientId }: { clientId: number }) {
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const [page, setPage] = useState(1);
  const [closing, setClosing] = useState<Trade | null>(null);
  const canClose = useCan('trades.close');
  const query = useClientTrades(clientId, status, page);

  const columns = useMemo<ColumnDef<Trade, unknown>[]>(() => {
    const cols: ColumnDef<Trade, unknown>[] = [
      { id: 'asset', header: 'Instrument', cell: ({ row }) => row.original.asset_symbol },
      {
        id: 'side',
        header: 'Side',
        cell: ({ row }) => (
          <span className={row.original.trade_type === 'buy' ? 'text-buy' : 'text-sell'}>
            {row.original.trade_type === 'buy' ? 'Buy' : 'Sell'}
          </span>
        ),
      },
      { id: 'volume', header: 'Lots', cell: ({ row }) => row.original.volume },
      { id: 'open', header: 'Open price', cell: ({ row }) => formatPrice(row.original.opening_price) },
      {
        id: 'close',
        header: status === 'open' ? 'Current price' : 'Close price',
        cell: ({ row }) => formatPrice(row.original.closing_price),
      },
      {
        id: 'pnl',
        header: 'P/L',
        cell: ({ row }) => (
          <span className={`tabular-nums ${pnlClass(row.original.pnl)}`}>{row.original.pnl.toFixed(2)}</span>
        ),
      },
      { id: 'opened', header: 'Opened', cell: ({ row }) => formatWhen(row.original.open_time) },
    ];
    if (status === 'closed') {
      cols.push(
        { id: 'closed', header: 'Closed', cell: ({ row }) => formatWhen(row.original.close_time) },
        { id: 'reason', header: 'Closed by', cell: ({ row }) => row.original.close_reason ?? '—' },
      );
    } else if (canClose) {
      cols.push({
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <Button size="sm" variant="outline" onClick={() => setClosing(row.original)}>
            Close
          </Button>
        ),
      });
    }
    return cols.map((c) => ({ ...c, enableSorting: false }));
  }, [status, canClose]);

  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex gap-2">
        <legend className="sr-only">Which trades</legend>
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
            {s === 'open' ? 'Open positions' : 'Closed trades'}
          </Button>
        ))}
      </fieldset>
      <DataTable
        label={status === 'open' ? 'Open positions' : 'Closed trades'}
        columns={columns}
        rows={query.data?.data}
        meta={query.data?.meta}
        loading={query.isFetching}
        error={query.error ? apiErrorMessage(query.error, 'The trades could not be loaded.') : null}
        onRetry={() => void query.refetch()}
        sort={[]}
        onSortChange={() => undefined}
        onPageChange={setPage}
        empty={status === 'open' ? 'No open positions.' : 'No closed trades yet.'}
        rowKey={(t) => t.id}
      />
      {closing ? (
        <CloseTradeDialog clientId={clientId} trade={closing} onDone={() => setClosing(null)} />
      ) : null}
    </div>
  );
}

import type { Trade } from '@openbroker/domain';
import { type ReactNode, useMemo, useRef } from 'react';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { useMoneyFormatter } from '@/features/money/useMoney';
import { flattenTrades, useTradeList } from '@/features/trading/queries';
import { cn } from '@/lib/utils';
import { useAssetStore } from '@/stores/assetStore';
import type { PriceStore } from '@/stores/priceStore';
import {
  CLOSED_TRADES_FAILED,
  NO_ACTIVE_POSITIONS,
  NO_HISTORICAL_POSITIONS,
  OPEN_TRADES_FAILED,
} from './format';
import {
  ACTIVE_COLUMNS,
  ACTIVE_HEADERS,
  ActivePositionRow,
  HISTORY_COLUMNS,
  HISTORY_HEADERS,
  HistoryPositionRow,
  RowsHeader,
} from './PositionRows';
import { useInfiniteScroll } from './useInfiniteScroll';

/** Price decimals per instrument, 5 where the catalogue has not loaded. */
function useDecimals(): (assetId: number) => number {
  const assets = useAssetStore((s) => s.assets);
  return useMemo(() => {
    const byId = new Map(assets.map((a) => [a.id, a.decimals]));
    return (id: number) => byId.get(id) ?? 5;
  }, [assets]);
}

type ListKind = 'open' | 'closed';

const WORDS: Record<ListKind, { empty: string; failed: string; testId: string; label: string }> = {
  open: {
    empty: NO_ACTIVE_POSITIONS,
    failed: OPEN_TRADES_FAILED,
    testId: 'active-positions',
    label: 'Active positions',
  },
  closed: {
    empty: NO_HISTORICAL_POSITIONS,
    failed: CLOSED_TRADES_FAILED,
    testId: 'positions-history',
    label: 'Positions history',
  },
};

interface PositionListProps {
  kind: ListKind;
  /** The tab panel's id and its tab's id, for ARIA. */
  id?: string;
  labelledBy?: string;
  className?: string;
  store?: PriceStore;
}

/**
 * One tab of the drawer: the open (live) or closed positions, a page at a time, loading the next
 * one when the bottom marker scrolls into view (SPEC §4).
 */
export function PositionList({ kind, id, labelledBy, className, store }: PositionListProps) {
  const query = useTradeList(kind);
  const trades = useMemo(() => flattenTrades(query.data), [query.data]);
  const format = useMoneyFormatter();
  const decimals = useDecimals();
  const scroller = useRef<HTMLDivElement>(null);
  const marker = useRef<HTMLDivElement>(null);
  useInfiniteScroll(scroller, marker, {
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: query.fetchNextPage,
  });
  const words = WORDS[kind];

  return (
    <div
      ref={scroller}
      id={id}
      role="tabpanel"
      aria-labelledby={labelledBy}
      data-testid={words.testId}
      className={cn('@container min-h-0 overflow-y-auto overscroll-contain', className)}
    >
      {query.isPending ? (
        <Status>
          <Spinner /> Loading positions...
        </Status>
      ) : query.isError && trades.length === 0 ? (
        <Status>
          <span>{words.failed}</span>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Status>
      ) : trades.length === 0 ? (
        <Status>{words.empty}</Status>
      ) : (
        <>
          <RowsHeader
            columns={kind === 'open' ? ACTIVE_COLUMNS : HISTORY_COLUMNS}
            headers={kind === 'open' ? ACTIVE_HEADERS : HISTORY_HEADERS}
          />
          <ul aria-label={words.label} className="flex flex-col gap-2 p-2 @3xl:gap-0 @3xl:p-0">
            <Rows kind={kind} trades={trades} decimals={decimals} format={format} store={store} />
          </ul>
        </>
      )}
      <div ref={marker} data-testid="positions-end" aria-hidden="true" className="h-px" />
      {query.isFetchingNextPage ? (
        <Status className="py-2">
          <Spinner /> Loading more...
        </Status>
      ) : null}
    </div>
  );
}

function Rows({
  kind,
  trades,
  decimals,
  format,
  store,
}: {
  kind: ListKind;
  trades: Trade[];
  decimals: (assetId: number) => number;
  format: ReturnType<typeof useMoneyFormatter>;
  store?: PriceStore;
}) {
  if (kind === 'open') {
    return trades.map((t) => (
      <ActivePositionRow key={t.id} trade={t} decimals={decimals(t.asset_id)} format={format} store={store} />
    ));
  }
  return trades.map((t) => (
    <HistoryPositionRow key={t.id} trade={t} decimals={decimals(t.asset_id)} format={format} />
  ));
}

function Status({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'flex items-center justify-center gap-2 px-4 py-8 text-center text-sm text-muted-foreground',
        className,
      )}
    >
      {children}
    </div>
  );
}

import type { Trade } from '@openbroker/domain';
import { type ReactNode, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { useMoneyFormatter } from '@/features/money/useMoney';
import { flattenTrades, useTradeList } from '@/features/trading/queries';
import { useRovingFocus } from '@/lib/useRovingFocus';
import { cn } from '@/lib/utils';
import { useAssetStore } from '@/stores/assetStore';
import type { PriceStore } from '@/stores/priceStore';
import {
  ACTIVE_COLUMNS,
  ACTIVE_HEADERS,
  ActivePositionRow,
  HISTORY_COLUMNS,
  HISTORY_HEADERS,
  HistoryPositionRow,
  RowsHeader,
} from './PositionRows';
import { useSelectedPosition } from './selectedPosition';
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

/** Catalogue keys of each list's words (SPEC §8's empty states and failures). */
const WORDS = {
  open: {
    emptyKey: 'positions.noActive',
    failedKey: 'positions.openFailed',
    testId: 'active-positions',
    nameKey: 'positions.activeList',
  },
  closed: {
    emptyKey: 'positions.noHistory',
    failedKey: 'positions.closedFailed',
    testId: 'positions-history',
    nameKey: 'positions.historyList',
  },
} as const;

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
  const { t } = useTranslation('trade');
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
      // A tab panel in the drawer; a plain region where a page lists positions without tabs.
      {...(labelledBy ? { role: 'tabpanel', 'aria-labelledby': labelledBy } : {})}
      aria-busy={query.isPending || query.isFetchingNextPage}
      // History rows hold nothing to focus: the list itself takes focus so the keyboard can scroll it.
      tabIndex={kind === 'closed' ? 0 : undefined}
      data-testid={words.testId}
      className={cn(
        '@container min-h-0 overflow-y-auto overscroll-contain outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
        className,
      )}
    >
      {query.isPending ? (
        <Status>
          <Spinner aria-hidden="true" /> {t('positions.loading')}
        </Status>
      ) : query.isError && trades.length === 0 ? (
        <Status>
          <span role="alert">{t(words.failedKey)}</span>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Status>
      ) : trades.length === 0 ? (
        <Status>{t(words.emptyKey)}</Status>
      ) : (
        <>
          <RowsHeader
            columns={kind === 'open' ? ACTIVE_COLUMNS : HISTORY_COLUMNS}
            headers={kind === 'open' ? ACTIVE_HEADERS : HISTORY_HEADERS}
          />
          {kind === 'open' ? (
            <OpenRows
              label={t(words.nameKey)}
              trades={trades}
              decimals={decimals}
              format={format}
              store={store}
            />
          ) : (
            <ul aria-label={t(words.nameKey)} className={LIST}>
              {trades.map((trade) => (
                <HistoryPositionRow
                  key={trade.id}
                  trade={trade}
                  decimals={decimals(trade.asset_id)}
                  format={format}
                />
              ))}
            </ul>
          )}
        </>
      )}
      <div ref={marker} data-testid="positions-end" aria-hidden="true" className="h-px" />
      {query.isFetchingNextPage ? (
        <Status className="py-2">
          <Spinner aria-hidden="true" /> {t('positions.loadingMore')}
        </Status>
      ) : null}
    </div>
  );
}

const LIST = 'flex flex-col gap-2 p-2 @3xl:gap-0 @3xl:p-0';

/**
 * The open positions as a grid of selectable rows, one Tab stop: arrows, Home/End and PageUp/Down
 * move, Enter or Space (or a click) selects the position `C` then closes.
 */
function OpenRows({
  label,
  trades,
  decimals,
  format,
  store,
}: {
  label: string;
  trades: Trade[];
  decimals: (assetId: number) => number;
  format: ReturnType<typeof useMoneyFormatter>;
  store?: PriceStore;
}) {
  const selectedId = useSelectedPosition((s) => s.id);
  const select = useSelectedPosition((s) => s.select);
  const roving = useRovingFocus<HTMLDivElement>(trades.length, {
    onActivate: (index) => {
      const trade = trades[index];
      if (trade) select(trade.id);
    },
  });
  return (
    // biome-ignore lint/a11y/useSemanticElements: rows become cards on narrow screens, which a <table> cannot.
    <div role="grid" aria-label={label} {...roving.containerProps} className={LIST}>
      {trades.map((trade, index) => (
        <ActivePositionRow
          key={trade.id}
          trade={trade}
          decimals={decimals(trade.asset_id)}
          format={format}
          store={store}
          index={index}
          tabbable={index === roving.active}
          selected={trade.id === selectedId}
          onSelect={select}
          onFocusIndex={roving.setActive}
        />
      ))}
    </div>
  );
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

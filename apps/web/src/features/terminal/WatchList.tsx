import { PRICE_DECIMALS } from '@openbroker/domain';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Asset } from '@/api/assets';
import { SearchInput } from '@/components/ui/SearchInput';
import { useAssets, usePairs } from '@/features/market/useAssets';
import { WATCH_LIST_COLUMNS, WatchListRow } from './AssetRows';
import { AssetsLoadState } from './AssetsLoadState';
import { searchAssets } from './assetCategories';
import { Clock } from './Clock';
import { VirtualList } from './VirtualList';

const ROW_HEIGHT = 28;

/**
 * The right sidebar's watch list (SPEC §2): Symbol, Bid, Ask with 3 decimals (SPEC §9), a search
 * box and a clock. Every instrument, virtualized; a click opens it as the active pair.
 */
export function WatchList() {
  const { t } = useTranslation('terminal');
  const { assets, status, error, retry } = useAssets();
  const { activeId, addPair } = usePairs();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const rows = useMemo(() => searchAssets(assets, deferredQuery), [assets, deferredQuery]);
  const pick = useCallback((asset: Asset) => addPair(asset), [addPair]);

  return (
    <section
      aria-labelledby="watch-list-title"
      data-testid="watch-list"
      className="flex min-h-0 flex-[3] flex-col"
    >
      <header className="flex h-8 shrink-0 items-center justify-between gap-2 border-b px-3">
        <h2
          id="watch-list-title"
          className="text-xs font-semibold tracking-wider text-muted-foreground uppercase"
        >
          {t('watchList.title')}
        </h2>
        <Clock className="text-xs text-muted-foreground tabular-nums" />
      </header>
      <div className="shrink-0 p-2">
        <SearchInput
          small
          aria-label={t('watchList.search')}
          placeholder={t('watchList.searchPlaceholder')}
          value={query}
          onValueChange={setQuery}
          className="h-7 text-xs"
        />
      </div>
      <div
        aria-hidden="true"
        className={`grid shrink-0 ${WATCH_LIST_COLUMNS} gap-2 border-y bg-muted/40 px-2 py-1 text-xs font-medium tracking-wide text-muted-foreground uppercase`}
      >
        <span className="ps-[22px]">{t('columns.symbol')}</span>
        <span className="text-end">{t('columns.bid')}</span>
        <span className="text-end">{t('columns.ask')}</span>
      </div>
      <AssetsLoadState status={status} error={error} retry={retry} empty={rows.length === 0}>
        <VirtualList
          items={rows}
          rowHeight={ROW_HEIGHT}
          getKey={(a) => a.id}
          label={t('watchList.list')}
          resetKey={deferredQuery}
          renderRow={(asset, _index, rowProps) => (
            <WatchListRow
              asset={asset}
              rowProps={rowProps}
              active={asset.id === activeId}
              onPick={pick}
              decimals={PRICE_DECIMALS.watchList}
            />
          )}
        />
      </AssetsLoadState>
    </section>
  );
}

import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Asset } from '@/api/assets';
import { SearchInput } from '@/components/ui/SearchInput';
import { useAssets, usePairs } from '@/features/market/useAssets';
import { formatNumber } from '@/i18n/format';
import { cn } from '@/lib/utils';
import { MARKET_WATCH_COLUMNS, MarketWatchRow } from '../AssetRows';
import { AssetsLoadState } from '../AssetsLoadState';
import { searchAssets } from '../assetCategories';
import { VirtualList } from '../VirtualList';

export const MARKET_WATCH_ROW_HEIGHT = 44;

/**
 * MARKET WATCH (SPEC §2 left rail): every instrument (2,000+), searchable, virtualized; each row
 * subscribes to its own price. A click opens the instrument as a pair tab and activates it.
 */
export function MarketWatchPanel() {
  const { t } = useTranslation('terminal');
  const { assets, status, error, retry } = useAssets();
  const { activeId, addPair } = usePairs();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const rows = useMemo(() => searchAssets(assets, deferredQuery), [assets, deferredQuery]);
  const pick = useCallback((asset: Asset) => addPair(asset), [addPair]);

  return (
    <div data-testid="market-watch" className="flex min-h-0 flex-1 flex-col">
      <div className="shrink-0 p-2">
        <SearchInput
          small
          aria-label={t('marketWatch.search')}
          placeholder={t('marketWatch.searchPlaceholder')}
          value={query}
          onValueChange={setQuery}
          className="h-8 text-xs"
        />
      </div>
      <div
        aria-hidden="true"
        className={cn(
          'grid shrink-0 gap-2 border-y bg-muted/40 px-3 py-1 text-xs font-medium tracking-wide text-muted-foreground uppercase',
          MARKET_WATCH_COLUMNS,
        )}
      >
        <span>{t('columns.symbol')}</span>
        <span className="text-end">{t('columns.sell')}</span>
        <span className="text-end">{t('columns.buy')}</span>
      </div>
      <AssetsLoadState status={status} error={error} retry={retry} empty={rows.length === 0}>
        <VirtualList
          items={rows}
          rowHeight={MARKET_WATCH_ROW_HEIGHT}
          getKey={(a) => a.id}
          label={t('marketWatch.list')}
          resetKey={deferredQuery}
          renderRow={(asset, _index, rowProps) => (
            <MarketWatchRow asset={asset} active={asset.id === activeId} onPick={pick} rowProps={rowProps} />
          )}
        />
      </AssetsLoadState>
      {status === 'loaded' ? (
        <p role="status" className="shrink-0 border-t px-3 py-1 text-xs text-muted-foreground tabular-nums">
          {rows.length === assets.length
            ? t('marketWatch.count', { count: assets.length, shown: formatNumber(assets.length) })
            : t('marketWatch.filtered', {
                count: assets.length,
                shown: formatNumber(rows.length),
                total: formatNumber(assets.length),
              })}
        </p>
      ) : null}
    </div>
  );
}

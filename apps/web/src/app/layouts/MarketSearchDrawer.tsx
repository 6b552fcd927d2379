import { useVirtualizer } from '@tanstack/react-virtual';
import { Search } from 'lucide-react';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Asset } from '@/api/assets';
import { Button } from '@/components/ui/Button';
import { SearchInput } from '@/components/ui/SearchInput';
import { SideSheet } from '@/components/ui/SideSheet';
import { Spinner } from '@/components/ui/Spinner';
import { AssetIcon } from '@/features/market/AssetIcon';
import { FlashPrice } from '@/features/market/FlashPrice';
import { useAssets } from '@/features/market/useAssets';
import { usePrice } from '@/features/market/usePrice';
import { formatNumber } from '@/i18n/format';
import { useRovingFocus } from '@/lib/useRovingFocus';
import { cn } from '@/lib/utils';
import { useAssetStore } from '@/stores/assetStore';
import { SEARCH_TYPE_LABEL_KEYS, SEARCH_TYPES, type SearchType, searchAssets } from './marketSearch';

const ROW_HEIGHT = 52;

/**
 * The main header's market-watch search (SPEC §2 "Main-app header"): a drawer listing every
 * instrument with live prices; choosing one opens it as a pair tab in the terminal.
 */
export function MarketSearchDrawer() {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation('common');
  return (
    <SideSheet
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="outline"
          size="sm"
          aria-label={t('marketSearch.trigger')}
          className="w-8 px-0 text-muted-foreground lg:w-44 lg:justify-start lg:px-3"
        >
          <Search aria-hidden="true" />
          <span className="hidden lg:inline">{t('marketSearch.trigger')}</span>
        </Button>
      }
      title={t('marketSearch.title')}
      closeLabel={t('marketSearch.close')}
      testId="market-search"
      className="w-full max-w-md"
    >
      {open ? <SearchBody onChosen={() => setOpen(false)} /> : null}
    </SideSheet>
  );
}

function SearchBody({ onChosen }: { onChosen: () => void }) {
  const { assets, status, error, retry } = useAssets();
  const [query, setQuery] = useState('');
  const [type, setType] = useState<SearchType>('all');
  const deferredQuery = useDeferredValue(query);
  const results = useMemo(() => searchAssets(assets, deferredQuery, type), [assets, deferredQuery, type]);
  const navigate = useNavigate();
  const addPair = useAssetStore((s) => s.addPair);
  const { t } = useTranslation('common');

  const choose = (asset: Asset) => {
    addPair(asset);
    onChosen();
    void navigate('/mt4');
  };

  return (
    <>
      <div className="flex shrink-0 flex-col gap-3 border-b p-3">
        <SearchInput
          aria-label={t('marketSearch.searchLabel')}
          placeholder={t('marketSearch.searchPlaceholder')}
          value={query}
          onValueChange={setQuery}
          autoFocus
        />
        <fieldset className="-mx-3 m-0 flex min-w-0 gap-1.5 overflow-x-auto border-0 px-3 py-0 [scrollbar-width:none]">
          <legend className="sr-only">{t('marketSearch.market')}</legend>
          {SEARCH_TYPES.map((kind) => (
            <button
              key={kind}
              type="button"
              aria-pressed={kind === type}
              onClick={() => setType(kind)}
              className={cn(
                'h-7 shrink-0 rounded-full border px-3 text-xs font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring/60',
                kind === type
                  ? 'border-primary/60 bg-primary/15 text-primary'
                  : 'text-muted-foreground hover:bg-accent hover:text-foreground',
              )}
            >
              {t(SEARCH_TYPE_LABEL_KEYS[kind])}
            </button>
          ))}
        </fieldset>
      </div>
      {status === 'loading' && assets.length === 0 ? (
        <p className="flex items-center justify-center gap-2 p-8 text-sm text-muted-foreground">
          <Spinner /> {t('marketSearch.loading')}
        </p>
      ) : status === 'error' && assets.length === 0 ? (
        <div className="flex flex-col items-center gap-3 p-8 text-center text-sm">
          <p className="font-medium">{t('marketSearch.failed')}</p>
          {error ? <p className="text-muted-foreground">{error}</p> : null}
          <Button size="sm" variant="outline" onClick={() => void retry()}>
            {t('states.retry')}
          </Button>
        </div>
      ) : results.length === 0 ? (
        <p className="p-8 text-center text-sm text-muted-foreground">{t('marketSearch.empty')}</p>
      ) : (
        <ResultList results={results} resetKey={`${deferredQuery}|${type}`} onChoose={choose} />
      )}
    </>
  );
}

function ResultList({
  results,
  resetKey,
  onChoose,
}: {
  results: Asset[];
  resetKey: string;
  onChoose: (asset: Asset) => void;
}) {
  const { t } = useTranslation('common');
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: results.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => results[index]?.id ?? index,
    overscan: 8,
    initialRect: { width: 400, height: 640 },
    useFlushSync: false,
  });

  const scrollTo = useCallback((index: number) => virtualizer.scrollToIndex(index), [virtualizer]);
  // One Tab stop for the whole list: arrows move between instruments, Enter opens one.
  const roving = useRovingFocus<HTMLDivElement>(results.length, {
    scrollTo,
    onActivate: (index) => {
      const asset = results[index];
      if (asset) onChoose(asset);
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at the top.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [resetKey]);

  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
      <div
        {...roving.containerProps}
        role="listbox"
        aria-label={t('marketSearch.instruments')}
        data-total={results.length}
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const asset = results[row.index];
          if (!asset) return null;
          return (
            <div
              key={row.key}
              role="presentation"
              className="absolute top-0 start-0 w-full"
              style={{ height: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}
            >
              <ResultRow
                asset={asset}
                onChoose={onChoose}
                active={row.index === roving.active}
                {...roving.itemProps(row.index)}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}

const ResultRow = memo(function ResultRow({
  asset,
  onChoose,
  active,
  ...roving
}: {
  asset: Asset;
  onChoose: (asset: Asset) => void;
  active: boolean;
  tabIndex: number;
  'data-roving-index': number;
  onFocus: () => void;
}) {
  const change = usePrice(asset.id)?.changePercent ?? asset.change_percent;
  return (
    <button
      type="button"
      role="option"
      aria-selected={active}
      data-testid="market-search-row"
      {...roving}
      onClick={() => onChoose(asset)}
      className="flex h-full w-full items-center gap-3 border-b border-border/60 px-4 text-start outline-none transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
    >
      <AssetIcon symbol={asset.symbol} image={asset.image} size={28} />
      <span className="flex min-w-0 flex-1 flex-col leading-tight">
        <span className="truncate text-sm font-semibold">{asset.sy || asset.symbol}</span>
        <span className="truncate text-xs text-muted-foreground">{asset.name}</span>
      </span>
      <span className="flex shrink-0 flex-col items-end text-xs leading-tight">
        <span className="flex gap-2" dir="ltr">
          <FlashPrice id={asset.id} field="bid" decimals={asset.decimals} fallback={asset.sell_price} />
          <FlashPrice id={asset.id} field="ask" decimals={asset.decimals} fallback={asset.buy_price} />
        </span>
        <span
          className={cn(
            'tabular-nums',
            change > 0 ? 'text-buy' : change < 0 ? 'text-sell' : 'text-muted-foreground',
          )}
        >
          {formatNumber(change / 100, {
            style: 'percent',
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
            signDisplay: 'exceptZero',
          })}
        </span>
      </span>
    </button>
  );
});

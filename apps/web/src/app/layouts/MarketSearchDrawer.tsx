import { useVirtualizer } from '@tanstack/react-virtual';
import { Search } from 'lucide-react';
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
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
import { cn } from '@/lib/utils';
import { useAssetStore } from '@/stores/assetStore';
import { SEARCH_TYPE_LABELS, SEARCH_TYPES, type SearchType, searchAssets } from './marketSearch';

const ROW_HEIGHT = 52;

/**
 * The main header's market-watch search (SPEC §2 "Main-app header"): a drawer listing every
 * instrument with live prices; choosing one opens it as a pair tab in the terminal.
 */
export function MarketSearchDrawer() {
  const [open, setOpen] = useState(false);
  return (
    <SideSheet
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="outline"
          size="sm"
          aria-label="Search markets"
          className="w-8 px-0 text-muted-foreground lg:w-44 lg:justify-start lg:px-3"
        >
          <Search aria-hidden="true" />
          <span className="hidden lg:inline">Search markets</span>
        </Button>
      }
      title="Market watch"
      closeLabel="Close market watch"
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

  const choose = (asset: Asset) => {
    addPair(asset);
    onChosen();
    void navigate('/mt4');
  };

  return (
    <>
      <div className="flex shrink-0 flex-col gap-3 border-b p-3">
        <SearchInput
          aria-label="Search instruments"
          placeholder="Search instruments (EUR/USD, Apple, BTC...)"
          value={query}
          onValueChange={setQuery}
          autoFocus
        />
        <fieldset className="-mx-3 m-0 flex min-w-0 gap-1.5 overflow-x-auto border-0 px-3 py-0 [scrollbar-width:none]">
          <legend className="sr-only">Market</legend>
          {SEARCH_TYPES.map((t) => (
            <button
              key={t}
              type="button"
              aria-pressed={t === type}
              onClick={() => setType(t)}
              className={cn(
                'h-7 shrink-0 rounded-full border px-3 text-xs font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring/60',
                t === type
                  ? 'border-primary/60 bg-primary/15 text-primary'
                  : 'text-muted-foreground hover:bg-accent hover:text-foreground',
              )}
            >
              {SEARCH_TYPE_LABELS[t]}
            </button>
          ))}
        </fieldset>
      </div>
      {status === 'loading' && assets.length === 0 ? (
        <p className="flex items-center justify-center gap-2 p-8 text-sm text-muted-foreground">
          <Spinner /> Loading assets...
        </p>
      ) : status === 'error' && assets.length === 0 ? (
        <div className="flex flex-col items-center gap-3 p-8 text-center text-sm">
          <p className="font-medium">Failed to load assets</p>
          {error ? <p className="text-muted-foreground">{error}</p> : null}
          <Button size="sm" variant="outline" onClick={() => void retry()}>
            Retry
          </Button>
        </div>
      ) : results.length === 0 ? (
        <p className="p-8 text-center text-sm text-muted-foreground">No assets found</p>
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at the top.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [resetKey]);

  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
      <ul
        aria-label="Instruments"
        data-total={results.length}
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const asset = results[row.index];
          if (!asset) return null;
          return (
            <li
              key={row.key}
              className="absolute top-0 left-0 w-full"
              style={{ height: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}
            >
              <ResultRow asset={asset} onChoose={onChoose} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const ResultRow = memo(function ResultRow({
  asset,
  onChoose,
}: {
  asset: Asset;
  onChoose: (asset: Asset) => void;
}) {
  const change = usePrice(asset.id)?.changePercent ?? asset.change_percent;
  return (
    <button
      type="button"
      data-testid="market-search-row"
      onClick={() => onChoose(asset)}
      className="flex h-full w-full items-center gap-3 border-b border-border/60 px-4 text-left outline-none transition-colors hover:bg-accent focus-visible:bg-accent"
    >
      <AssetIcon symbol={asset.symbol} image={asset.image} size={28} />
      <span className="flex min-w-0 flex-1 flex-col leading-tight">
        <span className="truncate text-sm font-semibold">{asset.sy || asset.symbol}</span>
        <span className="truncate text-xs text-muted-foreground">{asset.name}</span>
      </span>
      <span className="flex shrink-0 flex-col items-end text-xs leading-tight">
        <span className="flex gap-2">
          <FlashPrice id={asset.id} field="bid" decimals={asset.decimals} fallback={asset.sell_price} />
          <FlashPrice id={asset.id} field="ask" decimals={asset.decimals} fallback={asset.buy_price} />
        </span>
        <span
          className={cn(
            'tabular-nums',
            change > 0 ? 'text-buy' : change < 0 ? 'text-sell' : 'text-muted-foreground',
          )}
        >
          {change > 0 ? '+' : ''}
          {change.toFixed(2)}%
        </span>
      </span>
    </button>
  );
});

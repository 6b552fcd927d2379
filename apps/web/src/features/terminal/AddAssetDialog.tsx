import { Plus } from 'lucide-react';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { Asset } from '@/api/assets';
import { Button } from '@/components/ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/Dialog';
import { SearchInput } from '@/components/ui/SearchInput';
import { useAssets, usePairs } from '@/features/market/useAssets';
import { cn } from '@/lib/utils';
import { ADD_ASSET_COLUMNS, AddAssetRow } from './AssetRows';
import { AssetsLoadState } from './AssetsLoadState';
import {
  ASSET_CATEGORIES,
  ASSET_CATEGORY_LABELS,
  type AssetCategory,
  categoryOf,
  filterAssets,
  matchesSearch,
} from './assetCategories';
import { VirtualList } from './VirtualList';

const ROW_HEIGHT = 44;

/**
 * The "+" button and the add-asset dialog (SPEC §2 top bar): category tabs Forex, Stock, Crypto,
 * Commodities, ETFs, a search box and a live table (Symbol, Sell, Buy, Spread, Change). Picking a
 * row opens it as a pair tab and makes it active (SPEC §4), then closes the dialog.
 */
export function AddAssetDialog() {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label="Add pair" className="shrink-0">
          <Plus aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent
        data-testid="add-asset-dialog"
        className="flex h-[min(640px,calc(100dvh-2rem))] flex-col gap-0 overflow-hidden p-0 sm:max-w-2xl"
      >
        {open ? <AddAssetBody onPicked={close} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** The dialog's contents; exported for tests. */
export function AddAssetBody({ onPicked }: { onPicked: () => void }) {
  const { assets, status, error, retry } = useAssets();
  const { activeId, addPair } = usePairs();
  const [category, setCategory] = useState<AssetCategory>('forex');
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);

  // Per tab, how many instruments match the search, so a hit in another tab is easy to find.
  const counts = useMemo(() => {
    const result: Record<AssetCategory, number> = { forex: 0, stock: 0, crypto: 0, commodities: 0, etfs: 0 };
    for (const asset of assets) if (matchesSearch(asset, deferredQuery)) result[categoryOf(asset)] += 1;
    return result;
  }, [assets, deferredQuery]);
  const rows = useMemo(
    () => filterAssets(assets, category, deferredQuery),
    [assets, category, deferredQuery],
  );

  const pick = useCallback(
    (asset: Asset) => {
      addPair(asset);
      onPicked();
    },
    [addPair, onPicked],
  );

  return (
    <>
      <DialogHeader className="border-b px-4 pt-4 pb-3">
        <DialogTitle className="text-base">Add asset</DialogTitle>
        <DialogDescription className="text-xs">
          Pick an instrument to open it as a chart tab.
        </DialogDescription>
        <div className="mt-2">
          <SearchInput
            aria-label="Search assets"
            placeholder="Search symbol or name"
            value={query}
            onValueChange={setQuery}
            className="h-8 text-sm"
          />
        </div>
      </DialogHeader>
      <div
        role="tablist"
        aria-label="Asset categories"
        className="flex shrink-0 gap-1 overflow-x-auto border-b px-3 py-2 [scrollbar-width:none]"
      >
        {ASSET_CATEGORIES.map((c) => (
          <button
            key={c}
            type="button"
            role="tab"
            id={`add-asset-tab-${c}`}
            aria-selected={c === category}
            aria-controls="add-asset-table"
            onClick={() => setCategory(c)}
            className={cn(
              'shrink-0 rounded-md px-2.5 py-1 text-xs font-medium sm:px-3 transition-colors focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none',
              c === category
                ? 'bg-primary text-primary-foreground'
                : 'text-muted-foreground hover:bg-accent hover:text-foreground',
            )}
          >
            {ASSET_CATEGORY_LABELS[c]}
            {status === 'loaded' ? (
              <span
                className={cn(
                  'ml-1.5 hidden tabular-nums sm:inline',
                  c === category ? 'opacity-80' : 'opacity-60',
                )}
              >
                {counts[c]}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div
        id="add-asset-table"
        role="tabpanel"
        aria-labelledby={`add-asset-tab-${category}`}
        className="flex min-h-0 flex-1 flex-col"
      >
        <div
          aria-hidden="true"
          className={cn(
            'grid shrink-0 gap-2 border-b bg-muted/40 px-3 py-1.5 text-[11px] font-medium tracking-wide text-muted-foreground uppercase',
            ADD_ASSET_COLUMNS,
          )}
        >
          <span>Symbol</span>
          <span className="text-right">Sell</span>
          <span className="text-right">Buy</span>
          <span className="hidden text-right sm:block">Spread</span>
          <span className="text-right">Change</span>
        </div>
        <AssetsLoadState status={status} error={error} retry={retry} empty={rows.length === 0}>
          <VirtualList
            items={rows}
            rowHeight={ROW_HEIGHT}
            getKey={(a) => a.id}
            label={`${ASSET_CATEGORY_LABELS[category]} assets`}
            resetKey={`${category}|${deferredQuery}`}
            renderRow={(asset) => <AddAssetRow asset={asset} active={asset.id === activeId} onPick={pick} />}
          />
        </AssetsLoadState>
      </div>
    </>
  );
}

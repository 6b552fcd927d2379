import * as Tabs from '@radix-ui/react-tabs';
import { Plus } from 'lucide-react';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  type AssetCategory,
  assetCategoryLabel,
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
  const { t } = useTranslation('terminal');
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={t('addAsset.trigger')} className="shrink-0">
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
  const { t } = useTranslation('terminal');
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
        <DialogTitle className="text-base">{t('addAsset.title')}</DialogTitle>
        <DialogDescription className="text-xs">{t('addAsset.description')}</DialogDescription>
        <div className="mt-2">
          <SearchInput
            aria-label={t('addAsset.search')}
            placeholder={t('addAsset.searchPlaceholder')}
            value={query}
            onValueChange={setQuery}
            className="h-8 text-sm"
          />
        </div>
      </DialogHeader>
      <Tabs.Root
        value={category}
        onValueChange={(value) => setCategory(value as AssetCategory)}
        className="flex min-h-0 flex-1 flex-col"
      >
        <Tabs.List
          aria-label={t('addAsset.categories')}
          className="flex shrink-0 gap-1 overflow-x-auto border-b px-3 py-2 [scrollbar-width:none]"
        >
          {ASSET_CATEGORIES.map((c) => (
            <Tabs.Trigger
              key={c}
              value={c}
              // Radix selects on mouse down and focus; a click from assistive tech selects too.
              onClick={() => setCategory(c)}
              className={cn(
                'shrink-0 rounded-md px-2.5 py-1 text-xs font-medium sm:px-3 transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                c === category
                  ? 'bg-primary text-primary-foreground'
                  : 'text-muted-foreground hover:bg-accent hover:text-foreground',
              )}
            >
              {assetCategoryLabel(c)}
              {status === 'loaded' ? (
                <span className="ms-1.5 hidden tabular-nums sm:inline">{counts[c]}</span>
              ) : null}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* Only the chosen tab's table is mounted: one virtualized list at a time. */}
        <Tabs.Content value={category} className="flex min-h-0 flex-1 flex-col focus-visible:outline-none">
          <div
            aria-hidden="true"
            className={cn(
              'grid shrink-0 gap-2 border-b bg-muted/40 px-3 py-1.5 text-xs font-medium tracking-wide text-muted-foreground uppercase',
              ADD_ASSET_COLUMNS,
            )}
          >
            <span className="ps-7">{t('columns.symbol')}</span>
            <span className="text-end">{t('columns.sell')}</span>
            <span className="text-end">{t('columns.buy')}</span>
            <span className="hidden text-end sm:block">{t('columns.spread')}</span>
            <span className="text-end">{t('columns.change')}</span>
          </div>
          <AssetsLoadState status={status} error={error} retry={retry} empty={rows.length === 0}>
            <VirtualList
              items={rows}
              rowHeight={ROW_HEIGHT}
              getKey={(a) => a.id}
              label={t('addAsset.list', { category: assetCategoryLabel(category) })}
              resetKey={`${category}|${deferredQuery}`}
              renderRow={(asset, _index, rowProps) => (
                <AddAssetRow asset={asset} active={asset.id === activeId} onPick={pick} rowProps={rowProps} />
              )}
            />
          </AssetsLoadState>
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}

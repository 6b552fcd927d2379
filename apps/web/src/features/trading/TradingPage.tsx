import * as Tabs from '@radix-ui/react-tabs';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/PageHeading';
import { StandaloneFrame } from '@/components/StandaloneFrame';
import { Button } from '@/components/ui/Button';
import { SearchInput } from '@/components/ui/SearchInput';
import { Spinner } from '@/components/ui/Spinner';
import { useAssets } from '@/features/market/useAssets';
import { OrderFormHost } from '@/features/order/OrderFormHost';
import { TradeDialogsHost } from '@/features/order/TradeDialogsHost';
import { PositionList } from '@/features/positions/PositionLists';
import { useCloseRequest } from '@/features/positions/useCloseRequest';
import { ASSET_CATEGORIES, type AssetCategory, filterAssets } from '@/features/terminal/assetCategories';
import { cn } from '@/lib/utils';
import { InstrumentList } from './InstrumentList';

const CATEGORY_KEYS = {
  forex: 'trading.categoryNames.forex',
  stock: 'trading.categoryNames.stock',
  crypto: 'trading.categoryNames.crypto',
  commodities: 'trading.categoryNames.commodities',
  etfs: 'trading.categoryNames.etfs',
} as const satisfies Record<AssetCategory, string>;

/**
 * `/trading` (protected; SPEC §2 lists it without content): a simple trading view for customers
 * who find the terminal too much. Instruments by category with a search, live bid and ask, daily
 * change and spread in pips; Sell and Buy open the terminal's own order form; the open positions
 * below, closed with the terminal's own dialog.
 */
export function TradingPage() {
  const { t } = useTranslation('trade');
  const { assets, status, retry } = useAssets();
  const [category, setCategory] = useState<AssetCategory>('forex');
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const uid = useId();
  // The `C` shortcut (useSelectedPosition.requestClose) opens the selected position's close dialog.
  useCloseRequest();

  const byCategory = useMemo(() => {
    const out = {} as Record<AssetCategory, ReturnType<typeof filterAssets>>;
    for (const c of ASSET_CATEGORIES) out[c] = filterAssets(assets, c, deferredQuery);
    return out;
  }, [assets, deferredQuery]);
  const rows = byCategory[category];
  const categoryName = t(CATEGORY_KEYS[category]);

  return (
    <StandaloneFrame>
      <div className="flex flex-col gap-6" data-testid="trading-page">
        <div className="flex flex-col gap-1">
          <PageHeading title={t('trading.title')} />
          <p className="text-sm text-muted-foreground">{t('trading.intro')}</p>
        </div>

        <section aria-labelledby={`${uid}-instruments`} className="flex flex-col gap-3">
          <h2 id={`${uid}-instruments`} className="text-base font-semibold">
            {t('trading.instruments')}
          </h2>
          <Tabs.Root
            value={category}
            onValueChange={(next) => {
              const found = ASSET_CATEGORIES.find((c) => c === next);
              if (found) setCategory(found);
            }}
            className="flex flex-col gap-3"
          >
            <Tabs.List
              aria-label={t('trading.categories')}
              className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1"
            >
              {ASSET_CATEGORIES.map((c) => (
                <Tabs.Trigger
                  key={c}
                  value={c}
                  className={cn(
                    'flex shrink-0 items-center gap-1.5 rounded-md border px-3 py-1.5 text-sm font-medium whitespace-nowrap outline-none transition-colors',
                    'text-muted-foreground hover:bg-accent hover:text-foreground',
                    'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
                    'data-[state=active]:border-primary data-[state=active]:bg-primary/15 data-[state=active]:text-foreground',
                  )}
                >
                  {t(CATEGORY_KEYS[c])}
                  <span className="rounded-full bg-muted px-1.5 text-xs tabular-nums text-foreground">
                    {byCategory[c].length}
                  </span>
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <SearchInput
              aria-label={t('trading.search')}
              placeholder={t('trading.searchPlaceholder')}
              value={query}
              onValueChange={setQuery}
              autoComplete="off"
            />
            {/* What the search or tab left, said once when it changes: prices are never announced. */}
            <p role="status" className="text-xs text-muted-foreground" data-testid="instrument-count">
              {status === 'loaded' ? t('trading.count', { count: rows.length }) : ''}
            </p>
            <Tabs.Content
              value={category}
              className="outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {status === 'error' ? (
                <div className="flex flex-col items-start gap-2 rounded-lg border p-4 text-sm">
                  <p role="alert">{t('trading.loadFailed')}</p>
                  <Button size="sm" variant="outline" onClick={() => void retry()}>
                    {t('common.retry')}
                  </Button>
                </div>
              ) : status !== 'loaded' ? (
                <p className="flex items-center gap-2 rounded-lg border p-4 text-sm text-muted-foreground">
                  <Spinner aria-hidden="true" /> {t('trading.loading')}
                </p>
              ) : rows.length === 0 ? (
                <p className="rounded-lg border p-4 text-sm text-muted-foreground">{t('trading.noMatch')}</p>
              ) : (
                <InstrumentList
                  assets={rows}
                  label={t('trading.list', { category: categoryName })}
                  resetKey={`${category}:${deferredQuery}`}
                />
              )}
            </Tabs.Content>
          </Tabs.Root>
        </section>

        <section aria-labelledby={`${uid}-positions`} className="flex flex-col gap-3">
          <h2 id={`${uid}-positions`} className="text-base font-semibold">
            {t('trading.positions')}
          </h2>
          <PositionList kind="open" className="max-h-[min(60dvh,32rem)] rounded-lg border bg-card" />
        </section>
      </div>
      <OrderFormHost />
      <TradeDialogsHost />
    </StandaloneFrame>
  );
}

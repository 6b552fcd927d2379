import { filterMarketplace, marketplaceCategories } from '@openbroker/domain';
import { RotateCw, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/PageHeading';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { useRovingFocus } from '@/lib/useRovingFocus';
import { useSessionStore } from '@/stores/sessionStore';
import { AdvisorCard } from './AdvisorCard';
import { AdvisorDetailDialog } from './AdvisorDetailDialog';
import { MarketplaceFilters } from './MarketplaceFilters';
import { MARKETPLACE_MESSAGES, type MarketplaceEntry, toMarketplaceEntry } from './marketplaceItems';
import { PurchaseDialog } from './PurchaseDialog';
import { useMarketplaceAdvisors } from './queries';
import { useMarketplaceParams } from './useMarketplaceParams';

/** SPEC §8: Retry reloads the page. Held in an object so tests can watch it. */
export const pageReload = { reload: () => window.location.reload() };

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4';

function CardSkeletons() {
  const { t } = useTranslation('account');
  return (
    <div aria-busy="true" data-testid="marketplace-loading">
      <p className="sr-only" role="status">
        {t('marketplace.loading')}
      </p>
      <ul aria-hidden="true" className={GRID}>
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <li key={i} className="flex motion-safe:animate-pulse flex-col gap-3 rounded-xl border bg-card p-4">
            <div className="h-28 rounded-md bg-muted" />
            <div className="h-4 w-2/3 rounded bg-muted" />
            <div className="h-3 w-1/3 rounded bg-muted" />
            <div className="h-10 rounded bg-muted/70" />
            <div className="h-8 rounded bg-muted/50" />
            <div className="ms-auto h-8 w-24 rounded bg-muted" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * `/main/marketplace` (SPEC §2, issue 16): the Expert Advisor catalogue with search, category and
 * filter kept in the address (defaults left out), cards with price, rating, downloads and the
 * backtest on the platform's own candles, a detail per item and the purchase confirmation.
 */
export function MarketplacePage() {
  const { t } = useTranslation('account');
  const params = useMarketplaceParams();
  const { query } = params;
  const eas = useSessionStore((s) => s.user?.eas);
  const list = useMarketplaceAdvisors();
  const [buying, setBuying] = useState<MarketplaceEntry | null>(null);

  const entries = useMemo(() => (list.data ?? []).map((a) => toMarketplaceEntry(a, eas)), [list.data, eas]);
  const categories = useMemo(() => marketplaceCategories(entries), [entries]);
  const shown = useMemo(() => filterMarketplace(entries, query), [entries, query]);
  const openEntry = params.item === null ? undefined : entries.find((e) => String(e.id) === params.item);
  // The fresh entry (its status changes after a purchase) rather than the one the dialog opened with.
  const buyingNow = buying ? (entries.find((e) => e.id === buying.id) ?? buying) : null;
  // The cards are one Tab stop: arrows move between them, Enter opens the one in focus.
  const roving = useRovingFocus<HTMLUListElement>(shown.length, {
    onActivate: (index) => {
      const entry = shown[index];
      if (entry) params.openItem(entry.id);
    },
  });

  return (
    <section className="flex flex-col gap-5" data-testid="marketplace-page">
      <div>
        <PageHeading title={t('marketplace.title')} />
        <p className="text-sm text-muted-foreground">{t('marketplace.intro')}</p>
      </div>
      <MarketplaceFilters
        search={params.search}
        onSearch={params.setSearch}
        filter={query.filter}
        onFilter={params.setFilter}
        category={query.category}
        categories={categories}
        onCategory={params.setCategory}
      />
      {list.isPending ? (
        <CardSkeletons />
      ) : list.isError ? (
        <Alert variant="destructive" title={MARKETPLACE_MESSAGES.loadFailed}>
          <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={() => pageReload.reload()}>
            <RotateCw aria-hidden="true" />
            {t('marketplace.retry')}
          </Button>
        </Alert>
      ) : shown.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border bg-card px-4 py-10 text-center">
          <SearchX aria-hidden="true" className="size-6 text-muted-foreground" />
          <p className="text-sm text-muted-foreground">{MARKETPLACE_MESSAGES.empty}</p>
          {entries.length > 0 ? (
            <Button variant="outline" size="sm" onClick={params.reset}>
              {t('marketplace.clear')}
            </Button>
          ) : null}
        </div>
      ) : (
        <>
          <p className="sr-only" role="status">
            {t('marketplace.count', { count: shown.length })}
          </p>
          <ul aria-label={t('marketplace.list')} className={GRID} {...roving.containerProps}>
            {shown.map((entry, i) => (
              <AdvisorCard
                key={entry.id}
                entry={entry}
                onOpen={(e) => params.openItem(e.id)}
                onBuy={setBuying}
                itemProps={roving.itemProps(i)}
                active={i === roving.active}
              />
            ))}
          </ul>
        </>
      )}
      {params.item !== null && !list.isPending ? (
        <AdvisorDetailDialog
          itemParam={params.item}
          listed={openEntry}
          onClose={params.closeItem}
          onBuy={(entry) => {
            params.closeItem();
            setBuying(entry);
          }}
        />
      ) : null}
      {buyingNow ? <PurchaseDialog entry={buyingNow} onClose={() => setBuying(null)} /> : null}
    </section>
  );
}

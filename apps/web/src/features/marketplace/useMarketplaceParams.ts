import {
  MARKETPLACE_DEFAULTS,
  type MarketplaceQuery,
  marketplaceQueryString,
  parseMarketplaceQuery,
} from '@openbroker/domain';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedSearch } from '@/admin/components/useTableParams';

/** The open item's id in the address, so a detail can be linked (and an unknown id says so). */
export const ITEM_PARAM = 'item';

/**
 * The address for a query and an open item: SPEC §2 parameters without those equal to their
 * default (the domain's rule), then the item.
 */
export function marketplaceSearch(query: MarketplaceQuery, item: string | null): string {
  const params = new URLSearchParams(marketplaceQueryString(query));
  if (item) params.set(ITEM_PARAM, item);
  return params.toString();
}

/**
 * The marketplace's search, category and filter kept in the address (SPEC §2), and the open item.
 * Typing writes the address only once it pauses and replaces the entry (Back is not a keystroke
 * history); choosing a category or filter is a new entry. Opening and closing an item's detail
 * replaces the entry too, so Back leaves the page rather than reopening dialogs. An address carrying
 * defaults, or values spelled otherwise, is rewritten to its canonical form in place.
 */
export function useMarketplaceParams() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseMarketplaceQuery(params), [params]);
  const item = params.get(ITEM_PARAM);

  const update = useCallback(
    (change: Partial<MarketplaceQuery> & { item?: string | null }, replace: boolean) => {
      setParams(
        (prev) => {
          const current = parseMarketplaceQuery(prev);
          const nextItem = change.item === undefined ? prev.get(ITEM_PARAM) : change.item;
          return new URLSearchParams(marketplaceSearch({ ...current, ...change }, nextItem));
        },
        { replace },
      );
    },
    [setParams],
  );

  useEffect(() => {
    const canonical = marketplaceSearch(parseMarketplaceQuery(params), params.get(ITEM_PARAM));
    if (canonical !== params.toString()) setParams(new URLSearchParams(canonical), { replace: true });
  }, [params, setParams]);

  const [search, setSearch] = useDebouncedSearch(
    query.search,
    useCallback((value: string) => update({ search: value }, true), [update]),
  );

  return {
    query,
    /** The search box's text (it runs ahead of the address while typing). */
    search,
    setSearch,
    setCategory: (category: string) => update({ category }, false),
    setFilter: (filter: MarketplaceQuery['filter']) => update({ filter }, false),
    openItem: (id: number) => update({ item: String(id) }, true),
    closeItem: () => update({ item: null }, true),
    item,
    reset: () => {
      setSearch('');
      update({ ...MARKETPLACE_DEFAULTS }, false);
    },
  };
}

import type { SortingState } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A back-office table's page, sort and filters, kept in the address so a view can be bookmarked,
 * shared and restored with Back. `sort` is `field` or `-field` (descending), as the API takes it.
 * Changing a filter or the sort goes back to page 1.
 */
export function useTableParams<F extends string>(filterNames: readonly F[], defaultSort = '') {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sortParam = params.get('sort') ?? defaultSort;
  const sort: SortingState = useMemo(
    () => (sortParam ? [{ id: sortParam.replace(/^-/, ''), desc: sortParam.startsWith('-') }] : []),
    [sortParam],
  );
  const filters = useMemo(
    () => Object.fromEntries(filterNames.map((n) => [n, params.get(n) ?? ''])) as Record<F, string>,
    [params, filterNames],
  );
  const update = useCallback(
    (changes: Record<string, string | null>, keepPage = false) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v === null || v === '') next.delete(k);
            else next.set(k, v);
          }
          if (!keepPage) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return {
    page,
    sort,
    /** `sort` as the API's query value (`-created_at`), or undefined. */
    sortParam: sortParam || undefined,
    filters,
    setPage: (p: number) => update({ page: p > 1 ? String(p) : null }, true),
    setSort: (s: SortingState) => {
      const first = s[0];
      update({ sort: first ? `${first.desc ? '-' : ''}${first.id}` : null });
    },
    setFilter: (name: F, value: string) => update({ [name]: value }),
  };
}

/** How long typing pauses before a search box becomes the address (and a request). */
const SEARCH_DELAY_MS = 300;

/**
 * A search box bound to a table's `search` filter: the box follows every keystroke, the address
 * (and so the request) only once typing pauses.
 */
export function useDebouncedSearch(current: string, setFilter: (value: string) => void) {
  const [search, setSearch] = useState(current);
  useEffect(() => {
    const t = setTimeout(() => {
      if (search.trim() !== current) setFilter(search.trim());
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [search, current, setFilter]);
  return [search, setSearch] as const;
}

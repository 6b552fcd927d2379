import { type RefObject, useEffect } from 'react';

export interface InfiniteScrollOptions {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** Load this far before the marker is actually on screen. */
  rootMargin?: string;
}

/**
 * SPEC §4: more positions load when the bottom marker becomes visible. The marker is watched
 * inside `root` (the scrolling list) with an IntersectionObserver; nothing happens while a page is
 * already on its way or when there is none left.
 */
export function useInfiniteScroll(
  root: RefObject<HTMLElement | null>,
  marker: RefObject<HTMLElement | null>,
  { hasNextPage, isFetchingNextPage, fetchNextPage, rootMargin = '160px' }: InfiniteScrollOptions,
): void {
  useEffect(() => {
    const target = marker.current;
    if (!target || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { root: root.current, rootMargin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [root, marker, hasNextPage, isFetchingNextPage, fetchNextPage, rootMargin]);
}

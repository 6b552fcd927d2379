import { useCallback, useSyncExternalStore } from 'react';

/** SPEC §9: panels overlay the chart under 768 px. */
export const MOBILE_QUERY = '(min-width: 768px)';
/** From here the right sidebar has room beside the chart and opens by default. */
export const WIDE_QUERY = '(min-width: 1024px)';

/** Whether a media query matches, following changes (window resize, rotation). */
export function useMediaQuery(query: string, fallback = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const read = useCallback(
    () => (typeof window === 'undefined' || !window.matchMedia ? fallback : window.matchMedia(query).matches),
    [query, fallback],
  );
  return useSyncExternalStore(subscribe, read, () => fallback);
}

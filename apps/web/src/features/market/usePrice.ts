import { useCallback, useSyncExternalStore } from 'react';
import { type LivePrice, type PriceStore, priceStore } from '@/stores/priceStore';

const noop = () => {};

/**
 * One instrument's live price (DESIGN §9): the component subscribes to that id alone, so a tick
 * re-renders only the rows showing the instruments it touched. Undefined until a price is known.
 */
export function usePrice(
  id: number | null | undefined,
  store: PriceStore = priceStore,
): LivePrice | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => (id === null || id === undefined ? noop : store.subscribe(id, onChange)),
    [id, store],
  );
  const read = useCallback(() => (id === null || id === undefined ? undefined : store.get(id)), [id, store]);
  return useSyncExternalStore(subscribe, read, read);
}

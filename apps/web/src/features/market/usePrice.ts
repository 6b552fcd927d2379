import { useCallback, useSyncExternalStore } from 'react';
import { type PriceInterest, priceInterest } from '@/realtime/priceInterest';
import { type LivePrice, type PriceStore, priceStore } from '@/stores/priceStore';

const noop = () => {};

/**
 * One instrument's live price (DESIGN §9): the component subscribes to that id alone, so a tick
 * re-renders only the rows showing the instruments it touched. Undefined until a price is known.
 * While subscribed it also declares interest in the id (issue 17), so the price socket carries
 * only the instruments on screen: a virtualized list's mounted rows, not all 2,232.
 */
export function usePrice(
  id: number | null | undefined,
  store: PriceStore = priceStore,
  interest: PriceInterest = priceInterest,
): LivePrice | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (id === null || id === undefined) return noop;
      const off = store.subscribe(id, onChange);
      const release = interest.retain([id]);
      return () => {
        off();
        release();
      };
    },
    [id, store, interest],
  );
  const read = useCallback(() => (id === null || id === undefined ? undefined : store.get(id)), [id, store]);
  return useSyncExternalStore(subscribe, read, read);
}

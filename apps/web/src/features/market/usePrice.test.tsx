import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EURUSD, GBPUSD } from '@/stores/assetFixtures';
import { createPriceStore } from '@/stores/priceStore';
import { usePrice } from './usePrice';

function Probe({ id, store }: { id: number | null; store: ReturnType<typeof createPriceStore> }) {
  const price = usePrice(id, store);
  return <span>{price ? String(price.rate) : 'none'}</span>;
}

describe('usePrice (DESIGN §9)', () => {
  it('subscribes to its own instrument only, and follows it', () => {
    const store = createPriceStore();
    store.applyAll([EURUSD, GBPUSD]);
    const subscribe = vi.spyOn(store, 'subscribe');
    const subscribeAll = vi.spyOn(store, 'subscribeAll');
    const { container, rerender, unmount } = render(<Probe id={EURUSD.id} store={store} />);
    expect(container.textContent).toBe(String(EURUSD.rate));
    expect(subscribe.mock.calls.map(([id]) => id)).toEqual([EURUSD.id]);
    expect(subscribeAll).not.toHaveBeenCalled();

    act(() => {
      store.applyUpdates([{ id: EURUSD.id, price: 2 }]);
    });
    expect(container.textContent).toBe('2');

    rerender(<Probe id={GBPUSD.id} store={store} />);
    expect(container.textContent).toBe(String(GBPUSD.rate));
    rerender(<Probe id={null} store={store} />);
    expect(container.textContent).toBe('none');
    unmount();
  });
});

import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createPriceInterest, type PriceInterest } from '@/realtime/priceInterest';
import { EURUSD, GBPUSD, testAsset } from '@/stores/assetFixtures';
import { useAssetStore } from '@/stores/assetStore';
import { createPriceStore } from '@/stores/priceStore';
import { usePrice } from './usePrice';
import { useValuationInterest } from './usePriceInterest';

function Probe({ id, store }: { id: number | null; store: ReturnType<typeof createPriceStore> }) {
  const price = usePrice(id, store);
  return <span>{price ? String(price.rate) : 'none'}</span>;
}

function InterestProbe({ id, interest }: { id: number | null; interest: PriceInterest }) {
  usePrice(id, createPriceStore(), interest);
  return null;
}

function ValuationProbe({
  ids,
  currency,
  interest,
}: {
  ids: number[];
  currency: string;
  interest: PriceInterest;
}) {
  useValuationInterest(ids, currency, interest);
  return null;
}

describe('usePrice (DESIGN §9)', () => {
  it('puts its instrument on the price socket while mounted, and only then (issue 17)', () => {
    const interest = createPriceInterest();
    const { rerender, unmount } = render(
      <>
        <InterestProbe id={EURUSD.id} interest={interest} />
        <InterestProbe id={EURUSD.id} interest={interest} />
      </>,
    );
    expect(interest.held()).toEqual([EURUSD.id]);
    rerender(
      <>
        <InterestProbe id={GBPUSD.id} interest={interest} />
        <InterestProbe id={null} interest={interest} />
      </>,
    );
    expect(interest.held()).toEqual([GBPUSD.id]);
    unmount();
    expect(interest.held()).toEqual([]);
  });

  it('keeps the pairs converting a P/L live with the instrument (issue 17)', () => {
    const pair = (id: number, base: string, quote: string) =>
      testAsset({ id, sy: `${base}/${quote}`, base_currency: base, quote_currency: quote });
    const audjpy = pair(12, 'AUD', 'JPY');
    useAssetStore.setState({
      assets: [audjpy, pair(13, 'EUR', 'USD'), pair(14, 'GBP', 'USD'), pair(15, 'USD', 'JPY')],
    });
    const interest = createPriceInterest();
    // AUD/JPY P/L is in JPY; a GBP account converts JPY → USD (÷ USD/JPY) → GBP (÷ GBP/USD).
    const { unmount } = render(<ValuationProbe ids={[audjpy.id]} currency="GBP" interest={interest} />);
    expect(interest.held().sort((a, b) => a - b)).toEqual([12, 14, 15]);
    unmount();
    expect(interest.held()).toEqual([]);
    useAssetStore.setState(useAssetStore.getInitialState(), true);
  });

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

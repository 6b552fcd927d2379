import { PRICE_DECIMALS } from '@openbroker/domain';
import { act, render, screen } from '@testing-library/react';
import { Profiler, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EURUSD, GBPUSD } from '@/stores/assetFixtures';
import { createPriceStore, PRICE_FLASH_MS, type PriceStore } from '@/stores/priceStore';
import { FlashPrice } from './FlashPrice';

let store: PriceStore;

function Row({ id, onRender, children }: { id: string; onRender: () => void; children: ReactNode }) {
  return (
    <Profiler id={id} onRender={onRender}>
      <div data-testid={id}>{children}</div>
    </Profiler>
  );
}

describe('FlashPrice (SPEC §4 Live prices, §9 price flash and decimals)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    store = createPriceStore();
    store.applyAll([EURUSD, GBPUSD]);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the price with the given decimals (watch list 3, chart buttons 4, order form 5)', () => {
    store.applyUpdates([{ id: EURUSD.id, price: 1.234_567 }]);
    render(
      <>
        <FlashPrice id={EURUSD.id} decimals={PRICE_DECIMALS.watchList} store={store} />
        <FlashPrice id={EURUSD.id} decimals={PRICE_DECIMALS.chartButtons} store={store} />
        <FlashPrice id={EURUSD.id} decimals={PRICE_DECIMALS.orderForm} store={store} />
      </>,
    );
    expect(screen.getByText('1.235')).toBeTruthy();
    expect(screen.getByText('1.2346')).toBeTruthy();
    expect(screen.getByText('1.23457')).toBeTruthy();
  });

  it('shows bid or ask, the fallback before any price, and a dash without either', () => {
    const live = store.get(EURUSD.id);
    render(
      <>
        <FlashPrice id={EURUSD.id} decimals={5} field="ask" store={store} />
        <FlashPrice id={999} decimals={2} fallback={7.5} store={store} />
        <FlashPrice id={998} decimals={2} store={store} />
      </>,
    );
    expect(screen.getByText(live?.ask.toFixed(5) ?? 'missing')).toBeTruthy();
    expect(screen.getByText('7.50')).toBeTruthy();
    expect(screen.getByText('—')).toBeTruthy();
  });

  it('flashes green on a rise and red on a fall, for 2.2 s', () => {
    render(<FlashPrice id={EURUSD.id} decimals={5} store={store} />);
    const price = () => screen.getByText(/^1\.\d{5}$/);
    expect(price().className).not.toMatch(/text-(buy|sell)/);

    act(() => {
      store.applyUpdates([{ id: EURUSD.id, price: 1.09 }]);
    });
    expect(price().className).toContain('text-buy');
    expect(price().dataset.direction).toBe('up');

    act(() => {
      store.applyUpdates([{ id: EURUSD.id, price: 1.085 }]);
    });
    expect(price().className).toContain('text-sell');
    act(() => {
      vi.advanceTimersByTime(PRICE_FLASH_MS - 1);
    });
    expect(price().className).toContain('text-sell');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(price().className).not.toMatch(/text-(buy|sell)/);
    expect(price().dataset.direction).toBeUndefined();
  });

  it('marks a rise or fall with an arrow too, which fades with the flash', () => {
    const { container } = render(<FlashPrice id={EURUSD.id} decimals={5} store={store} />);
    const arrow = () => container.querySelector<HTMLElement>('[data-tick-arrow]');
    expect(arrow()?.querySelector('svg')).toBeNull();
    act(() => {
      store.applyUpdates([{ id: EURUSD.id, price: 1.09 }]);
    });
    expect(arrow()?.dataset.tick).toBe('up');
    expect(arrow()?.querySelector('svg')).not.toBeNull();
    act(() => {
      store.applyUpdates([{ id: EURUSD.id, price: 1.085 }]);
    });
    expect(arrow()?.dataset.tick).toBe('down');
    act(() => {
      vi.advanceTimersByTime(PRICE_FLASH_MS);
    });
    expect(arrow()?.querySelector('svg')).toBeNull();
  });

  it('under reduced motion keeps a still marker until the price moves again', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('prefers-reduced-motion'),
          media: query,
          onchange: null,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    const { container } = render(<FlashPrice id={EURUSD.id} decimals={5} store={store} />);
    const arrow = () => container.querySelector<HTMLElement>('[data-tick-arrow]');
    const price = () => screen.getByText(/^1\.\d{5}$/);
    act(() => {
      store.applyUpdates([{ id: EURUSD.id, price: 1.09 }]);
    });
    act(() => {
      vi.advanceTimersByTime(PRICE_FLASH_MS * 3);
    });
    expect(arrow()?.dataset.tick).toBe('up');
    expect(price().className).toContain('text-buy');
    expect(price().className).not.toMatch(/(^|\s)transition-colors/);
    act(() => {
      store.applyUpdates([{ id: EURUSD.id, price: 1.08 }]);
    });
    expect(arrow()?.dataset.tick).toBe('down');
    expect(price().className).toContain('text-sell');
    vi.restoreAllMocks();
  });

  it('re-renders only the row whose instrument ticked', () => {
    const eurRenders = vi.fn();
    const gbpRenders = vi.fn();
    const parentRenders = vi.fn();
    function Table() {
      parentRenders();
      return (
        <>
          <Row id="eur" onRender={eurRenders}>
            <FlashPrice id={EURUSD.id} decimals={5} store={store} />
          </Row>
          <Row id="gbp" onRender={gbpRenders}>
            <FlashPrice id={GBPUSD.id} decimals={5} store={store} />
          </Row>
        </>
      );
    }
    render(<Table />);
    expect(eurRenders).toHaveBeenCalledTimes(1);
    expect(gbpRenders).toHaveBeenCalledTimes(1);

    act(() => {
      store.applyUpdates([{ id: EURUSD.id, price: 1.1 }]);
    });
    expect(screen.getByTestId('eur').textContent).toBe('1.10000');
    expect(eurRenders).toHaveBeenCalledTimes(2);
    expect(gbpRenders).toHaveBeenCalledTimes(1);
    expect(parentRenders).toHaveBeenCalledTimes(1);

    act(() => {
      store.applyUpdates([{ id: GBPUSD.id, price: 1.3 }]);
    });
    expect(eurRenders).toHaveBeenCalledTimes(2);
    expect(gbpRenders).toHaveBeenCalledTimes(2);
    expect(parentRenders).toHaveBeenCalledTimes(1);
  });
});

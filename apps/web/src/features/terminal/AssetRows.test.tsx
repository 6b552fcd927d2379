import { PRICE_DECIMALS } from '@openbroker/domain';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testAsset } from '@/stores/assetFixtures';
import { priceStore } from '@/stores/priceStore';
import { WatchListRow } from './AssetRows';

const EURUSD = testAsset({ id: 41, symbol: 'EURUSD', sy: 'EUR/USD', rate: 1.08 });

/** Makes `prefers-reduced-motion: reduce` match (or not) for the test. */
function reducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion'),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

function renderRow() {
  render(
    <WatchListRow asset={EURUSD} active={false} onPick={() => {}} decimals={PRICE_DECIMALS.watchList} />,
  );
  const row = screen.getByRole('option', { name: /^EUR\/USD / });
  /** The arrows beside the two prices, by direction ('up', 'down' or '' when none shows). */
  const arrows = () =>
    [...row.querySelectorAll<HTMLElement>('[data-tick-arrow]')].map((el) => {
      const shown = el.querySelector('svg') !== null;
      return shown ? (el.dataset.tick ?? '?') : '';
    });
  return { row, arrows };
}

describe('a ticking price cell (SPEC §4) does not rest on colour alone', () => {
  beforeEach(() => {
    priceStore.clear();
    priceStore.applyAll([EURUSD]);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    priceStore.clear();
  });

  it('shows an up arrow on a rise and a down arrow on a fall, beside the coloured price', () => {
    reducedMotion(false);
    const { row, arrows } = renderRow();
    expect(arrows()).toEqual(['', '']);

    act(() => {
      priceStore.applyUpdates([{ id: EURUSD.id, price: 1.09 }]);
    });
    expect(arrows()).toEqual(['up', 'up']);
    // The arrow is drawn (an svg), not only a colour class on the text.
    expect(row.querySelectorAll('[data-tick="up"] svg')).toHaveLength(2);
    expect(row.querySelector('.text-buy')).not.toBeNull();

    act(() => {
      priceStore.applyUpdates([{ id: EURUSD.id, price: 1.07 }]);
    });
    expect(arrows()).toEqual(['down', 'down']);
    expect(row.querySelectorAll('[data-tick="down"] svg')).toHaveLength(2);
    expect(row.querySelector('.text-sell')).not.toBeNull();
    expect(row.querySelector('.text-buy')).toBeNull();
  });

  it('animates the colour only when motion is welcome', () => {
    reducedMotion(true);
    const { row, arrows } = renderRow();
    act(() => {
      priceStore.applyUpdates([{ id: EURUSD.id, price: 1.09 }]);
    });
    expect(arrows()).toEqual(['up', 'up']);
    for (const price of row.querySelectorAll('.tabular-nums')) {
      expect(price.className).not.toMatch(/(^|\s)transition-colors/);
      expect(price.className).toContain('motion-safe:transition-colors');
    }
  });
});

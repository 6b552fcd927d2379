import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testAsset } from '@/stores/assetFixtures';
import { useAssetStore } from '@/stores/assetStore';
import { Clock } from './Clock';
import { loadAssets, renderWithApp, resetAssets, stubLayout, visibleText } from './testing';
import { WatchList } from './WatchList';

const EURUSD = testAsset({ id: 1, symbol: 'EURUSD', sy: 'EUR/USD', rate: 1.08456, name: 'Euro / US Dollar' });
const USDJPY = testAsset({ id: 2, symbol: 'USDJPY', sy: 'USD/JPY', rate: 155.2, name: 'US Dollar / Yen' });

describe('watch list (SPEC §2 right sidebar, §9)', () => {
  stubLayout(400, 280);
  beforeEach(() => {
    resetAssets();
    loadAssets([EURUSD, USDJPY]);
  });

  it('shows Symbol, Bid and Ask with 3 decimals at least, as many as the instrument is quoted in', () => {
    renderWithApp(<WatchList />);
    const list = within(screen.getByTestId('watch-list'));
    expect(list.getByText('Symbol')).toBeTruthy();
    expect(list.getByText('Bid')).toBeTruthy();
    expect(list.getByText('Ask')).toBeTruthy();
    // Named by what it shows (label in name): the symbol, then bid and ask.
    const row = list.getByRole('option', { name: 'EUR/USD 1.08434 1.08467' });
    // bid 1.08456 × (1 − 0.0002) = 1.08434, ask × (1 + 0.0001) = 1.08467: EUR/USD is quoted in 5.
    expect(visibleText(row).replace(/\s+/g, '')).toBe('EUR/USD1.084341.08467');
  });

  it('searches, and a click makes the instrument the active pair', () => {
    renderWithApp(<WatchList />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search watch list' }), {
      target: { value: 'jpy' },
    });
    const buttons = within(screen.getByRole('listbox', { name: 'Watch list instruments' })).getAllByRole(
      'option',
    );
    expect(buttons.map((b) => b.dataset.symbol)).toEqual(['USD/JPY']);
    fireEvent.click(buttons[0] as HTMLElement);
    expect(useAssetStore.getState().activeAsset?.id).toBe(USDJPY.id);
  });
});

describe('clock (SPEC §9: each second)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date(2025, 0, 1, 9, 30, 5));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks once a second', () => {
    renderWithApp(<Clock />);
    expect(screen.getByTestId('clock').textContent).toBe('09:30:05');
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.getByTestId('clock').textContent).toBe('09:30:06');
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByTestId('clock').textContent).toBe('09:31:06');
  });
});

import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUDJPY, BTC, EURUSD, GBPUSD } from '@/stores/assetFixtures';
import { useAssetStore } from '@/stores/assetStore';
import { renderRoutes } from '@/test/render';
import { PairTabs } from './PairTabs';
import { loadAssets, resetAssets, visibleText } from './testing';

const state = () => useAssetStore.getState();

function renderTabs() {
  return renderRoutes([{ path: '/', element: <PairTabs /> }], '/');
}

function tabs(): string[] {
  const nav = screen.getByTestId('pair-tabs');
  return within(nav).getAllByRole('listitem').map(visibleText);
}

const tabButton = (sy: string) => screen.getByRole('button', { name: sy });

describe('PairTabs (SPEC §2 top bar, §4 asset store, §5 pair removal)', () => {
  beforeEach(() => {
    resetAssets();
  });

  it('shows one tab per open pair and marks the active one', () => {
    loadAssets([BTC, EURUSD, GBPUSD], [BTC, EURUSD, GBPUSD], EURUSD);
    renderTabs();
    expect(tabs()).toEqual(['BTC/USD', 'EUR/USD', 'GBP/USD']);
    expect(tabButton('EUR/USD').getAttribute('aria-current')).toBe('true');
    expect(tabButton('BTC/USD').getAttribute('aria-current')).toBeNull();
  });

  it('shows no close button while only one pair is open', () => {
    loadAssets([BTC, EURUSD], [BTC], BTC);
    renderTabs();
    expect(screen.queryByRole('button', { name: /^Close .* tab$/ })).toBeNull();
  });

  it('shows a close button on every tab once more than one pair is open', () => {
    loadAssets([BTC, EURUSD], [BTC, EURUSD], BTC);
    renderTabs();
    expect(screen.getByRole('button', { name: 'Close BTC/USD tab' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close EUR/USD tab' })).toBeTruthy();
  });

  it('activates a pair when its tab is clicked', () => {
    loadAssets([BTC, EURUSD], [BTC, EURUSD], BTC);
    renderTabs();
    fireEvent.click(tabButton('EUR/USD'));
    expect(state().activeAsset?.id).toBe(EURUSD.id);
    expect(state().activePair).toBe('EUR/USD');
    expect(tabButton('EUR/USD').getAttribute('aria-current')).toBe('true');
  });

  it('closing the active tab activates the first remaining one', () => {
    loadAssets([BTC, EURUSD, GBPUSD, AUDJPY], [BTC, EURUSD, GBPUSD], GBPUSD);
    renderTabs();
    fireEvent.click(screen.getByRole('button', { name: 'Close GBP/USD tab' }));
    expect(tabs()).toEqual(['BTC/USD', 'EUR/USD']);
    expect(state().activeAsset?.id).toBe(BTC.id);
    expect(tabButton('BTC/USD').getAttribute('aria-current')).toBe('true');
  });

  it('closing another tab keeps the active one', () => {
    loadAssets([BTC, EURUSD, GBPUSD], [BTC, EURUSD, GBPUSD], GBPUSD);
    renderTabs();
    fireEvent.click(screen.getByRole('button', { name: 'Close BTC/USD tab' }));
    expect(tabs()).toEqual(['EUR/USD', 'GBP/USD']);
    expect(state().activeAsset?.id).toBe(GBPUSD.id);
  });

  it('never goes below one pair: the close buttons go when one is left', () => {
    loadAssets([BTC, EURUSD], [BTC, EURUSD], EURUSD);
    renderTabs();
    fireEvent.click(screen.getByRole('button', { name: 'Close EUR/USD tab' }));
    expect(tabs()).toEqual(['BTC/USD']);
    expect(screen.queryByRole('button', { name: /^Close .* tab$/ })).toBeNull();
    // Even if asked directly, the store keeps the last pair.
    act(() => state().removePair(BTC.id));
    expect(tabs()).toEqual(['BTC/USD']);
    expect(state().activeAsset?.id).toBe(BTC.id);
  });

  it('a pair added elsewhere appears as a new, active tab', () => {
    loadAssets([BTC, EURUSD, GBPUSD], [BTC], BTC);
    renderTabs();
    act(() => state().addPair(GBPUSD));
    expect(tabs()).toEqual(['BTC/USD', 'GBP/USD']);
    expect(tabButton('GBP/USD').getAttribute('aria-current')).toBe('true');
    // Adding an open pair again only activates it.
    act(() => state().addPair(BTC));
    expect(tabs()).toEqual(['BTC/USD', 'GBP/USD']);
    expect(tabButton('BTC/USD').getAttribute('aria-current')).toBe('true');
  });

  it('lists every open pair in its menu, and picking one activates it', async () => {
    loadAssets([BTC, EURUSD, GBPUSD], [BTC, EURUSD, GBPUSD], BTC);
    renderTabs();
    const trigger = screen.getByRole('button', { name: 'All open pairs' });
    fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map(visibleText)).toEqual(['BTC/USD', 'EUR/USD', 'GBP/USD']);
    expect(items.map((i) => within(i).queryByLabelText('Active') !== null)).toEqual([true, false, false]);
    const gbp = items[2];
    if (!gbp) throw new Error('no GBP/USD item');
    fireEvent.click(gbp);
    expect(state().activeAsset?.id).toBe(GBPUSD.id);
  });
});

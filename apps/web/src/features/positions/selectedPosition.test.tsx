import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTradeDialogs } from '@/features/order/tradeDialogsStore';
import { testAsset } from '@/stores/assetFixtures';
import { useAssetStore } from '@/stores/assetStore';
import { createPriceStore } from '@/stores/priceStore';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { PositionsDrawer } from './PositionsDrawer';
import { useSelectedPosition } from './selectedPosition';
import { fakeApi, testTrade, tradePage } from './testing';

const EURUSD = testAsset({ id: 13, symbol: 'EURUSD', rate: 1.08 });
const first = testTrade({ id: 7, asset_id: EURUSD.id });
const second = testTrade({ id: 8, asset_id: EURUSD.id, trade_type: 'sell' });

async function mountWithPositions() {
  fakeApi({ open: [tradePage([first, second])] });
  const store = createPriceStore();
  store.applyAll([EURUSD]);
  renderRoutes([{ path: '*', element: <PositionsDrawer store={store} defaultExpanded /> }], '/');
  const grid = await screen.findByRole('grid', { name: 'Active positions' });
  await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(2));
  return within(grid).getAllByRole('row') as [HTMLElement, HTMLElement];
}

describe('selecting a position (keyboard use, the C shortcut)', () => {
  beforeEach(() => {
    useSessionStore.setState({ user: sessionUser(), selectedAccountIndex: 0 });
    useAssetStore.setState({ assets: [EURUSD], status: 'loaded' });
    useTradeDialogs.setState({ dialog: null });
    useSelectedPosition.setState(useSelectedPosition.getInitialState(), true);
  });
  afterEach(() => {
    useAssetStore.setState(useAssetStore.getInitialState(), true);
  });

  it('has the store shape the shortcut relies on', () => {
    const state = useSelectedPosition.getState();
    expect(state.id).toBeNull();
    expect(state.closeRequest).toBe(0);
    act(() => state.requestClose());
    expect(useSelectedPosition.getState().closeRequest).toBe(1);
    act(() => state.select(42));
    expect(useSelectedPosition.getState().id).toBe(42);
  });

  it('makes the rows one Tab stop, selects with a click, Enter or Space, and marks it', async () => {
    const [a, b] = await mountWithPositions();
    expect(a.tabIndex).toBe(0);
    expect(b.tabIndex).toBe(-1);
    expect(
      within(b)
        .getAllByRole('button')
        .every((button) => button.tabIndex === -1),
    ).toBe(true);

    fireEvent.click(a);
    expect(useSelectedPosition.getState().id).toBe(7);
    expect(a.getAttribute('aria-selected')).toBe('true');
    expect(b.getAttribute('aria-selected')).toBe('false');

    fireEvent.keyDown(b, { key: ' ' });
    expect(useSelectedPosition.getState().id).toBe(8);
    fireEvent.focus(a);
    fireEvent.keyDown(a, { key: 'Enter' });
    expect(useSelectedPosition.getState().id).toBe(7);
    // Nothing was opened by selecting.
    expect(useTradeDialogs.getState().dialog).toBeNull();
  });

  it('opens the close dialog of the selected position when a close is requested', async () => {
    const [, b] = await mountWithPositions();
    // A request with nothing selected does nothing.
    act(() => useSelectedPosition.getState().requestClose());
    expect(useTradeDialogs.getState().dialog).toBeNull();

    fireEvent.click(b);
    act(() => useSelectedPosition.getState().requestClose());
    expect(useTradeDialogs.getState().dialog).toEqual({ kind: 'close', trade: second });
  });
});

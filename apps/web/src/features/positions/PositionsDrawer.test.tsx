import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTradeDialogs } from '@/features/order/tradeDialogsStore';
import { testAsset } from '@/stores/assetFixtures';
import { useAssetStore } from '@/stores/assetStore';
import { createPriceStore, type PriceStore } from '@/stores/priceStore';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { NO_ACTIVE_POSITIONS, NO_HISTORICAL_POSITIONS } from './format';
import { ActivePositionRow } from './PositionRows';
import { PositionsDrawer } from './PositionsDrawer';
import { fakeApi, testTrade, tradePage } from './testing';

const EURUSD = testAsset({ id: 13, symbol: 'EURUSD', rate: 1.08, buy_spread: 0, sell_spread: 0 });
const GBPUSD = testAsset({ id: 14, symbol: 'GBPUSD', rate: 1.27, buy_spread: 0, sell_spread: 0 });

/** IntersectionObserver stand-in: the test says when the bottom marker comes into view. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  targets: Element[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets = [];
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** Reports the marker as visible to every observer still watching it. */
  static reveal() {
    for (const o of FakeIntersectionObserver.instances) {
      for (const target of o.targets) {
        const entry = { isIntersecting: true, target } as unknown as IntersectionObserverEntry;
        o.callback([entry], o as unknown as IntersectionObserver);
      }
    }
  }
}

let store: PriceStore;

function mount() {
  return renderRoutes([{ path: '*', element: <PositionsDrawer store={store} /> }], '/');
}

const rows = (panel: HTMLElement) => within(panel).queryAllByTestId('position-row');

describe('positions drawer (SPEC §2, §4, §8)', () => {
  beforeEach(() => {
    useSessionStore.setState({ user: sessionUser(), selectedAccountIndex: 0 });
    useAssetStore.setState({ assets: [EURUSD, GBPUSD], status: 'loaded' });
    useTradeDialogs.setState({ dialog: null });
    store = createPriceStore();
    store.applyAll([EURUSD, GBPUSD]);
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts collapsed on the Total Portfolio bar, and expands to the two tabs with SPEC’s empty states', async () => {
    fakeApi({});
    mount();
    const drawer = screen.getByTestId('positions-drawer');
    expect(drawer.dataset.state).toBe('collapsed');
    expect(screen.getByTestId('portfolio-bar')).toBeTruthy();
    expect(screen.queryByTestId('active-positions')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Expand positions' }));
    expect(drawer.dataset.state).toBe('expanded');
    const active = screen.getByRole('tab', { name: /ACTIVE POSITIONS/ });
    expect(active.getAttribute('aria-selected')).toBe('true');
    await waitFor(() =>
      expect(screen.getByTestId('active-positions').textContent).toContain(NO_ACTIVE_POSITIONS),
    );
    expect(NO_ACTIVE_POSITIONS).toBe('No active positions found');

    fireEvent.click(screen.getByRole('tab', { name: 'POSITIONS HISTORY' }));
    expect(screen.queryByTestId('active-positions')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('positions-history').textContent).toContain(NO_HISTORICAL_POSITIONS),
    );
    expect(NO_HISTORICAL_POSITIONS).toBe('No historical positions found');
    expect(screen.getByTestId('portfolio-bar')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Collapse positions' }));
    expect(drawer.dataset.state).toBe('collapsed');
    expect(screen.queryByTestId('positions-history')).toBeNull();
  });

  it('lists active positions with live price and P/L, and opens the TP/SL and close dialogs', async () => {
    const buy = testTrade({
      id: 7,
      asset_id: EURUSD.id,
      opening_price: 1.08,
      take_profit: 1.09,
      stop_loss: 1.07,
    });
    const sell = testTrade({
      id: 8,
      trade_type: 'sell',
      asset_id: GBPUSD.id,
      asset_symbol: 'GBPUSD',
      volume: 0.5,
      units: 50_000,
      opening_price: 1.27,
    });
    fakeApi({ open: [tradePage([buy, sell])] });
    store.applyUpdates([{ id: EURUSD.id, price: 1.0825 }]);
    mount();
    fireEvent.click(screen.getByRole('tab', { name: /ACTIVE POSITIONS/ }));
    const panel = screen.getByTestId('active-positions');
    await waitFor(() => expect(rows(panel)).toHaveLength(2));

    const [first, second] = rows(panel);
    if (!first || !second) throw new Error('rows missing');
    expect(first.dataset.tradeId).toBe('7');
    const text = first.textContent ?? '';
    for (const part of ['EURUSD', 'Buy', '1.00', '1.08000', '1.08250', '1.09000', '1.07000', '+$250.00']) {
      expect(text).toContain(part);
    }
    expect(second.textContent).toContain('Sell');
    expect(second.textContent).toContain('0.50');
    // Levels of 0 are unset.
    expect(within(second).getAllByText('—').length).toBeGreaterThanOrEqual(2);
    // The tab counts the open positions.
    expect(screen.getByRole('tab', { name: /ACTIVE POSITIONS/ }).textContent).toContain('2');

    fireEvent.click(within(first).getByRole('button', { name: /take profit and stop loss/ }));
    expect(useTradeDialogs.getState().dialog).toEqual({ kind: 'tpsl', trade: buy });
    fireEvent.click(within(second).getByRole('button', { name: /^Close/ }));
    expect(useTradeDialogs.getState().dialog).toEqual({ kind: 'close', trade: sell });

    act(() => {
      store.applyUpdates([{ id: EURUSD.id, price: 1.079 }]);
    });
    expect(first.textContent).toContain('-$100.00');
    expect(first.querySelector('[data-testid="position-pnl"]')?.className).toContain('text-sell');
  });

  it('shows closed positions with closing price, P/L and close reason', async () => {
    fakeApi({
      closed: [
        tradePage([
          testTrade({
            id: 3,
            status: 'closed',
            asset_id: EURUSD.id,
            opening_price: 1.08,
            closing_price: 1.09,
            pnl: 1_000,
            close_time: '2025-01-03T10:00:00.000Z',
            close_reason: 'take_profit',
          }),
          testTrade({
            id: 4,
            status: 'closed',
            asset_id: EURUSD.id,
            closing_price: 1.075,
            pnl: -500,
            close_time: '2025-01-03T11:00:00.000Z',
            close_reason: 'stop_loss',
          }),
        ]),
      ],
    });
    mount();
    fireEvent.click(screen.getByRole('tab', { name: 'POSITIONS HISTORY' }));
    const panel = screen.getByTestId('positions-history');
    await waitFor(() => expect(rows(panel)).toHaveLength(2));
    const [tp, sl] = rows(panel);
    expect(tp?.textContent).toContain('1.09000');
    expect(tp?.textContent).toContain('+$1,000.00');
    expect(tp?.textContent).toContain('Take profit');
    expect(sl?.textContent).toContain('-$500.00');
    expect(sl?.textContent).toContain('Stop loss');
    // History rows are not live and have no actions.
    expect(within(panel).queryByRole('button', { name: /^Close/ })).toBeNull();
  });

  it('loads the next page when the bottom marker becomes visible, and stops at the last', async () => {
    const page1 = Array.from({ length: 20 }, (_, i) => testTrade({ id: 100 + i, asset_id: EURUSD.id }));
    const page2 = [testTrade({ id: 200, asset_id: EURUSD.id })];
    const get = fakeApi({ open: [tradePage(page1, 1, 2, 21), tradePage(page2, 2, 2, 21)] });
    mount();
    fireEvent.click(screen.getByRole('tab', { name: /ACTIVE POSITIONS/ }));
    const panel = screen.getByTestId('active-positions');
    await waitFor(() => expect(rows(panel)).toHaveLength(20));

    await act(async () => {
      FakeIntersectionObserver.reveal();
    });
    await waitFor(() => expect(rows(panel)).toHaveLength(21));
    const pagesAsked = get.mock.calls
      .filter(([url]) => url === '/open/trades')
      .map(([, config]) => (config as { params: { page: number } }).params.page);
    expect(pagesAsked).toContain(2);

    // No page 3: the marker no longer fetches.
    const before = get.mock.calls.length;
    await act(async () => {
      FakeIntersectionObserver.reveal();
    });
    expect(get.mock.calls.filter(([url]) => url === '/open/trades').length).toBe(
      get.mock.calls.slice(0, before).filter(([url]) => url === '/open/trades').length,
    );
  });
});

describe('active position row (DESIGN §9 per-row subscriptions)', () => {
  it('re-renders only on its own instrument’s ticks', () => {
    useAssetStore.setState({ assets: [EURUSD, GBPUSD], status: 'loaded' });
    const prices = createPriceStore();
    prices.applyAll([EURUSD, GBPUSD]);
    const renders = { eur: 0, gbp: 0 };
    const format = (n: number) => n.toFixed(2);
    const eurTrade = testTrade({ id: 1, asset_id: EURUSD.id });
    const gbpTrade = testTrade({ id: 2, asset_id: GBPUSD.id, asset_symbol: 'GBPUSD', opening_price: 1.27 });
    render(
      <ul>
        <Profiler id="eur" onRender={() => renders.eur++}>
          <ActivePositionRow trade={eurTrade} decimals={5} format={format} store={prices} />
        </Profiler>
        <Profiler id="gbp" onRender={() => renders.gbp++}>
          <ActivePositionRow trade={gbpTrade} decimals={5} format={format} store={prices} />
        </Profiler>
      </ul>,
    );
    const initial = { ...renders };

    act(() => {
      prices.applyUpdates([{ id: EURUSD.id, price: 1.081 }]);
    });
    expect(renders.eur).toBe(initial.eur + 1);
    expect(renders.gbp).toBe(initial.gbp);

    act(() => {
      prices.applyUpdates([{ id: GBPUSD.id, price: 1.271 }]);
    });
    expect(renders.eur).toBe(initial.eur + 1);
    expect(renders.gbp).toBe(initial.gbp + 1);
    const [eurRow] = screen.getAllByTestId('position-row');
    expect(eurRow?.textContent).toContain('100.00');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testAsset } from '@/stores/assetFixtures';
import { useAssetStore } from '@/stores/assetStore';
import { createPriceStore, type PriceStore } from '@/stores/priceStore';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { originLabel } from './OriginBadge';
import { PositionsDrawer } from './PositionsDrawer';
import { fakeApi, testTrade, tradePage } from './testing';

const EURUSD = testAsset({ id: 13, symbol: 'EURUSD', rate: 1.08, buy_spread: 0, sell_spread: 0 });

/** The drawer's lists need an IntersectionObserver; nothing here scrolls. */
class QuietObserver {
  observe() {}
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

let store: PriceStore;

const originOf = (row: HTMLElement) => within(row).queryByTestId('trade-origin')?.textContent ?? null;

describe("a trade's origin in the positions drawer (issue 16)", () => {
  beforeEach(() => {
    useSessionStore.setState({ user: sessionUser(), selectedAccountIndex: 0 });
    useAssetStore.setState({ assets: [EURUSD], status: 'loaded' });
    store = createPriceStore();
    store.applyAll([EURUSD]);
    vi.stubGlobal('IntersectionObserver', QuietObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('labels Expert Advisor, AutoTrader and staff trades, and not the customer’s own', () => {
    expect(originLabel({ origin: 'ea', origin_name: 'Trend Rider' })).toBe('EA · Trend Rider');
    expect(originLabel({ origin: 'ea', origin_name: null })).toBe('EA');
    expect(originLabel({ origin: 'autotrader', origin_name: 'RSI Bounce' })).toBe('AutoTrader · RSI Bounce');
    expect(originLabel({ origin: 'autotrader', origin_name: 'AutoTrader' })).toBe('AutoTrader');
    expect(originLabel({ origin: 'staff', origin_name: null })).toBe('Staff');
    expect(originLabel({ origin: 'user', origin_name: null })).toBeNull();
  });

  it('shows the badge on open positions and in history', async () => {
    fakeApi({
      open: [
        tradePage([
          testTrade({ id: 1, origin: 'ea', origin_name: 'Trend Rider' }),
          testTrade({ id: 2, origin: 'user', origin_name: null }),
        ]),
      ],
      closed: [
        tradePage([
          testTrade({
            id: 3,
            status: 'closed',
            origin: 'autotrader',
            origin_name: 'RSI Bounce',
            close_time: '2025-01-02T11:00:00.000Z',
            close_reason: 'advisor',
          }),
        ]),
      ],
    });
    renderRoutes([{ path: '*', element: <PositionsDrawer store={store} /> }], '/');
    fireEvent.click(screen.getByRole('button', { name: 'Expand positions' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('active-positions')).getAllByTestId('position-row')).toHaveLength(2),
    );
    const [ea, own] = within(screen.getByTestId('active-positions')).getAllByTestId('position-row');
    if (!ea || !own) throw new Error('rows missing');
    expect(originOf(ea)).toBe('Placed by EA · Trend Rider');
    expect(originOf(own)).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'POSITIONS HISTORY' }));
    const history = await screen.findByTestId('positions-history');
    await waitFor(() => expect(within(history).getAllByTestId('position-row')).toHaveLength(1));
    const [closed] = within(history).getAllByTestId('position-row');
    if (!closed) throw new Error('row missing');
    expect(originOf(closed)).toBe('Placed by AutoTrader · RSI Bounce');
    expect(closed.textContent).toContain('Closed by advisor');
  });
});

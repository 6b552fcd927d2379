import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, testSummary, testTrade, tradePage } from '@/features/positions/testing';
import { testAsset } from '@/stores/assetFixtures';
import { useAssetStore } from '@/stores/assetStore';
import { useDisplayCurrencyStore } from '@/stores/displayCurrencyStore';
import { createPriceStore } from '@/stores/priceStore';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { DashboardPage } from './DashboardPage';

const EURUSD = testAsset({
  id: 13,
  symbol: 'EURUSD',
  sy: 'EUR/USD',
  rate: 1.08,
  buy_spread: 0,
  sell_spread: 0,
});

describe('/main/dashboard', () => {
  beforeEach(() => {
    useDisplayCurrencyStore.setState({ code: 'USD' });
    useSessionStore.setState({ user: sessionUser({ first_name: 'Ada' }), selectedAccountIndex: 0 });
    useAssetStore.setState({ assets: [EURUSD], status: 'loaded' });
  });

  it('shows live summary cards, live open positions, the watch list and the realised P/L chart', async () => {
    const store = createPriceStore();
    store.applyAll([EURUSD]);
    fakeApi({
      summary: testSummary({ balance: 5_000, lifetimePnl: -12.5 }),
      open: [tradePage([testTrade({ id: 1, asset_id: EURUSD.id, opening_price: 1.08, margin: 1_080 })])],
      closed: [
        tradePage([
          testTrade({ id: 2, status: 'closed', pnl: 7.5, close_time: '2025-01-02T00:00:00Z' }),
          testTrade({ id: 3, status: 'closed', pnl: -20, close_time: '2025-01-03T00:00:00Z' }),
        ]),
      ],
    });
    renderRoutes([{ path: '*', element: <DashboardPage store={store} /> }], '/');
    const card = (key: string) =>
      screen.getByTestId('summary-cards').querySelector(`[data-figure="${key}"]`)?.textContent;
    await waitFor(() => expect(card('balance')).toBe('$5,000.00'));
    expect(card('margin-level')).toBe('462.96%');
    expect(card('lifetime')).toBe('-$12.50');
    expect(screen.getByText(/Welcome back, Ada/)).toBeTruthy();

    act(() => {
      store.applyUpdates([{ id: EURUSD.id, price: 1.0812 }]);
    });
    expect(card('pnl')).toBe('+$120.00');
    expect(card('equity')).toBe('$5,120.00');
    const row = await screen.findByTestId('position-row');
    expect(row.textContent).toContain('+$120.00');

    expect(screen.getByTestId('dashboard-watchlist').textContent).toContain('EUR/USD');
    await screen.findByTestId('pnl-chart');
    expect(screen.getByTestId('dashboard-pnl').textContent).toContain('-$12.50');
  });

  it('says so when there are no open or closed positions', async () => {
    fakeApi({});
    renderRoutes([{ path: '*', element: <DashboardPage store={createPriceStore()} /> }], '/');
    expect(await screen.findByText('No active positions found')).toBeTruthy();
    expect(await screen.findByText(/No closed positions yet/)).toBeTruthy();
  });
});

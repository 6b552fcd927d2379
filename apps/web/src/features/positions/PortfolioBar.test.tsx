import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { testAsset } from '@/stores/assetFixtures';
import { useAssetStore } from '@/stores/assetStore';
import { createPriceStore, type PriceStore } from '@/stores/priceStore';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { PortfolioBar } from './PortfolioBar';
import { fakeApi, testSummary, testTrade, tradePage } from './testing';

// No spreads, so the live bid and ask are the rate and the figures can be worked out by hand.
const EURUSD = testAsset({ id: 13, symbol: 'EURUSD', rate: 1.08, buy_spread: 0, sell_spread: 0 });
const BTCUSD = testAsset({
  id: 11,
  symbol: 'BTCUSD',
  type: 'crypto',
  rate: 65_000,
  buy_spread: 0,
  sell_spread: 0,
  base_currency: 'BTC',
  contract_size: 1,
});

const figure = (key: string) =>
  screen.getByTestId('portfolio-bar').querySelector(`[data-figure="${key}"]`)?.textContent;

let store: PriceStore;

describe('Total Portfolio bar (SPEC §2, §3 account summary, §9 formulas)', () => {
  beforeEach(() => {
    useSessionStore.setState({ user: sessionUser({ balance: 10_000 }), selectedAccountIndex: 0 });
    useAssetStore.setState({ assets: [EURUSD, BTCUSD], status: 'loaded' });
    store = createPriceStore();
    store.applyAll([EURUSD, BTCUSD]);
  });

  it('values the open positions at live prices, to the cent, and moves with each tick', async () => {
    fakeApi({
      summary: testSummary({ balance: 10_000, credit: 0 }),
      open: [
        tradePage([
          // Buy 1 lot EUR/USD at 1.08000 (100,000 units), margin 1,080.00.
          testTrade({ id: 1, asset_id: EURUSD.id, opening_price: 1.08, units: 100_000, margin: 1_080 }),
          // Sell 0.1 BTC at 65,000.00, margin 65.00.
          testTrade({
            id: 2,
            trade_type: 'sell',
            asset_id: BTCUSD.id,
            asset_symbol: 'BTCUSD',
            volume: 0.1,
            units: 0.1,
            contract_size: 1,
            opening_price: 65_000,
            margin: 65,
          }),
        ]),
      ],
    });
    store.applyUpdates([
      { id: EURUSD.id, price: 1.08505 },
      { id: BTCUSD.id, price: 64_876.5 },
    ]);
    renderRoutes([{ path: '*', element: <PortfolioBar store={store} /> }], '/');

    // P/L: (1.08505 − 1.08) × 100,000 = +505.00; (65,000 − 64,876.50) × 0.1 = +12.35.
    await waitFor(() => expect(figure('pnl')).toBe('+$517.35'));
    expect(figure('balance')).toBe('$10,000.00');
    expect(figure('equity')).toBe('$10,517.35');
    expect(figure('margin')).toBe('$1,145.00');
    expect(figure('free-margin')).toBe('$9,372.35');
    // 10,517.35 ÷ 1,145 × 100 = 918.5458… → 918.55 %.
    expect(figure('margin-level')).toBe('918.55%');
    expect(screen.getByText('Total Portfolio')).toBeTruthy();

    act(() => {
      store.applyUpdates([{ id: EURUSD.id, price: 1.079 }]);
    });
    // EUR/USD now −100.00: total −87.65.
    expect(figure('pnl')).toBe('-$87.65');
    expect(figure('equity')).toBe('$9,912.35');
    expect(figure('free-margin')).toBe('$8,767.35');
    expect(figure('margin-level')).toBe('865.71%');
    expect(figure('pnl')).toBe('-$87.65');
  });

  it('shows ∞ as the margin level with no positions, and the balance with credit in equity', async () => {
    fakeApi({ summary: testSummary({ balance: 2_500.5, credit: 100 }), open: [tradePage([])] });
    renderRoutes([{ path: '*', element: <PortfolioBar store={store} /> }], '/');
    await waitFor(() => expect(figure('balance')).toBe('$2,500.50'));
    expect(figure('equity')).toBe('$2,600.50');
    expect(figure('margin')).toBe('$0.00');
    expect(figure('free-margin')).toBe('$2,600.50');
    expect(figure('margin-level')).toBe('∞');
    expect(figure('pnl')).toBe('$0.00');
  });

  it('adds the positions on pages not loaded yet at the server’s valuation', async () => {
    fakeApi({
      // The server counts a second, unloaded position: margin 500.00 and P/L −20.00 more.
      summary: testSummary({ balance: 10_000, margin: 1_580, pnl: -20 }),
      open: [
        tradePage([testTrade({ id: 1, asset_id: EURUSD.id, opening_price: 1.08, margin: 1_080 })], 1, 2, 21),
      ],
    });
    store.applyUpdates([{ id: EURUSD.id, price: 1.081 }]);
    renderRoutes([{ path: '*', element: <PortfolioBar store={store} /> }], '/');
    // +100.00 live on the loaded one, −20.00 on the rest.
    await waitFor(() => expect(figure('pnl')).toBe('+$80.00'));
    expect(figure('margin')).toBe('$1,580.00');
    expect(figure('equity')).toBe('$10,080.00');
  });
});

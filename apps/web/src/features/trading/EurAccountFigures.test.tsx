import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AccountFigures } from '@/app/layouts/AccountMenu';
import { ActivePositionRow } from '@/features/positions/PositionRows';
import { fakeApi, testSummary, testTrade, tradePage } from '@/features/positions/testing';
import { testAsset } from '@/stores/assetFixtures';
import { useAssetStore } from '@/stores/assetStore';
import { useDisplayCurrencyStore } from '@/stores/displayCurrencyStore';
import { createPriceStore, type PriceStore } from '@/stores/priceStore';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';

// EUR/USD at 1.10 and GBP/USD at 1.2711, no spreads: a buy of 1 lot GBP/USD at 1.27 makes
// +110.00 USD, which a EUR account holds as 110 ÷ 1.10 = +100.00 EUR.
const EURUSD = testAsset({ id: 13, symbol: 'EURUSD', rate: 1.1, buy_spread: 0, sell_spread: 0 });
const GBPUSD = testAsset({
  id: 14,
  symbol: 'GBPUSD',
  base_currency: 'GBP',
  rate: 1.2711,
  buy_spread: 0,
  sell_spread: 0,
});
const trade = testTrade({
  id: 1,
  asset_id: GBPUSD.id,
  asset_symbol: 'GBPUSD',
  opening_price: 1.27,
  margin: 1_000,
});

let store: PriceStore;

describe('a EUR account is valued in EUR', () => {
  beforeEach(() => {
    useDisplayCurrencyStore.setState({ code: 'EUR' });
    useSessionStore.setState({
      user: sessionUser({
        balance: 5_000,
        accounts: [
          {
            id: 7,
            number: '10000007',
            title: 'Euro',
            type: 'live',
            currency: 'EUR',
            balance: 5_000,
            credit_balance: 0,
          },
        ],
      }),
      selectedAccountIndex: 0,
    });
    useAssetStore.setState({ assets: [EURUSD, GBPUSD], status: 'loaded' });
    store = createPriceStore();
    store.applyAll([EURUSD, GBPUSD]);
  });

  it('shows the account dropdown figures converted from the quote currency', async () => {
    fakeApi({
      summary: testSummary({ account_id: 7, currency: 'EUR', balance: 5_000 }),
      open: [tradePage([trade])],
    });
    renderRoutes([{ path: '*', element: <AccountFigures store={store} /> }], '/');
    const figure = (key: string) =>
      screen.getByTestId('account-figures').querySelector(`[data-figure="${key}"]`)?.textContent;
    await waitFor(() => expect(figure('profit')).toBe('+€100.00'));
    expect(figure('equity')).toBe('€5,100.00');
    expect(figure('free-margin')).toBe('€4,100.00');
  });

  it('shows a position row’s P/L in EUR', () => {
    fakeApi({});
    render(
      <ul>
        <ActivePositionRow trade={trade} decimals={5} format={(n) => `${n.toFixed(2)} EUR`} store={store} />
      </ul>,
    );
    expect(screen.getByTestId('position-pnl').textContent).toBe('100.00 EUR');
  });
});

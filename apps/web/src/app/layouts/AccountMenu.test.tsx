import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, testSummary, testTrade, tradePage } from '@/features/positions/testing';
import { testAsset } from '@/stores/assetFixtures';
import { useAssetStore } from '@/stores/assetStore';
import { DISPLAY_CURRENCY_STORAGE_KEY, useDisplayCurrencyStore } from '@/stores/displayCurrencyStore';
import { createPriceStore, type PriceStore } from '@/stores/priceStore';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { AccountMenu } from './AccountMenu';

const EURUSD = testAsset({ id: 13, symbol: 'EURUSD', rate: 1.08, buy_spread: 0, sell_spread: 0 });

const ACCOUNTS = [
  {
    id: 1,
    number: '10000001',
    title: 'Live',
    type: 'live' as const,
    currency: 'USD',
    balance: 10_000,
    credit_balance: 0,
  },
  {
    id: 2,
    number: '10000002',
    title: 'Swing',
    type: 'live' as const,
    currency: 'USD',
    balance: 2_000,
    credit_balance: 50,
  },
];

let store: PriceStore;

function open() {
  fireEvent.click(screen.getByTestId('account-menu-trigger'));
  return screen.getByTestId('account-menu');
}

const figure = (menu: HTMLElement, key: string) =>
  menu.querySelector(`[data-figure="${key}"]`)?.textContent ?? null;

describe('account dropdown (SPEC §2 Main-app header)', () => {
  beforeEach(() => {
    useSessionStore.setState({ user: sessionUser({ accounts: ACCOUNTS }), selectedAccountIndex: 0 });
    localStorage.removeItem(DISPLAY_CURRENCY_STORAGE_KEY);
    useDisplayCurrencyStore.setState({ code: null });
    useAssetStore.setState({ assets: [EURUSD], status: 'loaded' });
    store = createPriceStore();
    store.applyAll([EURUSD]);
  });

  it('shows balance, profit, equity, margin, margin level and free margin, live', async () => {
    fakeApi({
      summary: testSummary({ balance: 10_000 }),
      open: [tradePage([testTrade({ id: 1, asset_id: EURUSD.id, opening_price: 1.08, margin: 1_080 })])],
    });
    store.applyUpdates([{ id: EURUSD.id, price: 1.082 }]);
    renderRoutes([{ path: '*', element: <AccountMenu store={store} /> }], '/');
    const menu = open();
    await waitFor(() => expect(figure(menu, 'profit')).toBe('+$200.00'));
    expect(figure(menu, 'balance')).toBe('$10,000.00');
    expect(figure(menu, 'equity')).toBe('$10,200.00');
    expect(figure(menu, 'margin')).toBe('$1,080.00');
    expect(figure(menu, 'margin-level')).toBe('944.44%');
    expect(figure(menu, 'free-margin')).toBe('$9,120.00');
    expect(screen.getByTestId('header-equity').textContent).toBe('$10,200.00');
  });

  it('shows ∞ when no margin is held', async () => {
    fakeApi({ summary: testSummary({ balance: 500 }) });
    renderRoutes([{ path: '*', element: <AccountMenu store={store} /> }], '/');
    const menu = open();
    await waitFor(() => expect(figure(menu, 'balance')).toBe('$500.00'));
    expect(figure(menu, 'margin-level')).toBe('∞');
  });

  it("switches between the user's accounts through the session's selected index", async () => {
    const get = fakeApi({
      summary: (accountId) =>
        accountId === 2 ? testSummary({ account_id: 2, balance: 2_000, credit: 50 }) : testSummary(),
    });
    renderRoutes([{ path: '*', element: <AccountMenu store={store} /> }], '/');
    let menu = open();
    await waitFor(() => expect(figure(menu, 'balance')).toBe('$10,000.00'));
    const list = within(menu).getByRole('list', { name: 'Trading accounts' });
    const current = within(list).getByRole('button', { name: /Live/ });
    expect(current.getAttribute('aria-current')).toBe('true');

    fireEvent.click(within(list).getByRole('button', { name: /Swing/ }));
    expect(useSessionStore.getState().selectedAccountIndex).toBe(1);
    // The summary is asked for the chosen account.
    await waitFor(() =>
      expect(
        get.mock.calls.some(
          ([url, config]) =>
            url === '/account/summary' &&
            (config as { params: { account_id?: number } }).params.account_id === 2,
        ),
      ).toBe(true),
    );
    menu = open();
    await waitFor(() => expect(figure(menu, 'balance')).toBe('$2,000.00'));
    expect(figure(menu, 'credit')).toBe('$50.00');
    expect(within(menu).getByRole('button', { name: /Swing/ }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByTestId('account-menu-trigger').textContent).toContain('Swing · 10000002');
  });

  it('converts the figures into the chosen display currency and stores the choice locally', async () => {
    fakeApi({ summary: testSummary({ balance: 1_000 }) });
    renderRoutes([{ path: '*', element: <AccountMenu store={store} /> }], '/');
    const menu = open();
    const select = await within(menu).findByLabelText('Display currency');
    // "Account (USD)" then the shared data's USD, EUR and JPY.
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(4));
    expect(within(select).getAllByRole('option')[0]?.textContent).toBe('Account (USD)');
    expect((select as HTMLSelectElement).value).toBe('');
    expect(figure(menu, 'balance')).toBe('$1,000.00');

    fireEvent.change(select, { target: { value: 'EUR' } });
    expect(useDisplayCurrencyStore.getState().code).toBe('EUR');
    // 1,000 USD × 0.8 EUR per USD.
    expect(figure(menu, 'balance')).toBe('€800.00');
    expect(screen.getByTestId('header-equity').textContent).toBe('€800.00');
    expect(localStorage.getItem(DISPLAY_CURRENCY_STORAGE_KEY)).toContain('"code":"EUR"');
  });

  it('shows a EUR account in EUR by default, converts once a currency is chosen, and clears back', async () => {
    const euro = {
      id: 7,
      number: '10000007',
      title: 'Euro',
      type: 'live' as const,
      currency: 'EUR',
      balance: 1_000,
      credit_balance: 0,
    };
    useSessionStore.setState({ user: sessionUser({ accounts: [euro] }), selectedAccountIndex: 0 });
    fakeApi({ summary: testSummary({ account_id: 7, currency: 'EUR', balance: 1_000 }) });
    renderRoutes([{ path: '*', element: <AccountMenu store={store} /> }], '/');
    const menu = open();
    await waitFor(() => expect(figure(menu, 'balance')).toBe('€1,000.00'));
    expect(screen.getByTestId('header-equity').textContent).toBe('€1,000.00');
    const select = within(menu).getByLabelText('Display currency') as HTMLSelectElement;
    expect(within(select).getAllByRole('option')[0]?.textContent).toBe('Account (EUR)');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(4));

    fireEvent.change(select, { target: { value: 'USD' } });
    // 1,000 EUR ÷ 0.8 EUR per USD.
    expect(figure(menu, 'balance')).toBe('$1,250.00');
    expect(localStorage.getItem(DISPLAY_CURRENCY_STORAGE_KEY)).toContain('"code":"USD"');

    fireEvent.change(select, { target: { value: '' } });
    expect(useDisplayCurrencyStore.getState().code).toBeNull();
    expect(figure(menu, 'balance')).toBe('€1,000.00');
    expect(localStorage.getItem(DISPLAY_CURRENCY_STORAGE_KEY)).toContain('"code":null');
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useOrderFormStore } from '@/features/order/orderFormStore';
import { resetMarket, seedMarket, testAsset } from '@/features/order/testing';
import { useTradeDialogs } from '@/features/order/tradeDialogsStore';
import { fakeApi, testSummary } from '@/features/positions/testing';
import { stubLayout } from '@/features/terminal/testing';
import { renderRoutes } from '@/test/render';
import { TradingPage } from './TradingPage';

const EURUSD = testAsset({
  id: 7,
  symbol: 'EURUSD',
  symbol_display: 'EUR/USD',
  sy: 'EUR/USD',
  name: 'Euro vs US Dollar',
  rate: 1.1,
  buy_spread: 0.0001,
  sell_spread: 0.0001,
  change_percent: 0.25,
});
const USDJPY = testAsset({
  id: 8,
  symbol: 'USDJPY',
  symbol_display: 'USD/JPY',
  sy: 'USD/JPY',
  name: 'US Dollar vs Japanese Yen',
  rate: 155.13,
  buy_spread: 0.00006,
  sell_spread: 0.00006,
  decimals: 3,
  base_currency: 'USD',
  quote_currency: 'JPY',
  change_percent: -0.4,
});
const BTCUSD = testAsset({
  id: 9,
  symbol: 'BTCUSD',
  symbol_display: 'BTC/USD',
  sy: 'BTC/USD',
  name: 'Bitcoin',
  type: 'crypto',
  category: 'Crypto',
  rate: 95_000,
  decimals: 2,
  base_currency: 'BTC',
});

function mount() {
  fakeApi({ summary: testSummary() });
  return renderRoutes([{ path: '*', element: <TradingPage /> }], '/');
}

const list = () => screen.getByRole('grid', { name: 'Forex instruments' });
const rows = () => within(list()).getAllByRole('row');

describe('/trading, the simple trading view', () => {
  stubLayout(600, 390);
  beforeEach(() => seedMarket([EURUSD, USDJPY, BTCUSD]));
  afterEach(() => {
    act(() => {
      toast.dismiss();
      useOrderFormStore.setState(useOrderFormStore.getInitialState(), true);
      useTradeDialogs.setState(useTradeDialogs.getInitialState(), true);
    });
    resetMarket();
  });

  it('has one h1 and lists the instruments of a category with live prices, change and spread in pips', () => {
    mount();
    expect(screen.getByRole('heading', { level: 1, name: 'Trading' })).toBeTruthy();
    expect(document.title.startsWith('Trading')).toBe(true);
    expect(screen.getByRole('tab', { name: /Forex/ }).getAttribute('aria-selected')).toBe('true');
    expect(rows().map((r) => r.dataset.assetId)).toEqual(['7', '8']);
    const eur = within(rows()[0] as HTMLElement);
    // Named with the instrument and the price, shown as the side and the price.
    expect(eur.getByRole('button', { name: 'Buy EUR/USD at 1.10011' })).toBeTruthy();
    expect(eur.getByRole('button', { name: 'Sell EUR/USD at 1.09989' })).toBeTruthy();
    expect(eur.getByTestId('instrument-spread').textContent).toBe('Spread 2.2 pips');
    expect(eur.getByTestId('instrument-change').textContent).toBe('Change +0.25%');
    const jpy = within(rows()[1] as HTMLElement);
    expect(jpy.getByTestId('instrument-spread').textContent).toMatch(/^Spread \d+\.\d pips$/);
    expect(jpy.getByTestId('instrument-change').textContent).toBe('Change -0.40%');
    // Prices are not announced on every tick.
    expect(list().closest('[aria-live]')).toBeNull();
    expect(list().querySelector('[aria-live]')).toBeNull();
  });

  it('is one Tab stop: only the first row and its buttons are in the Tab order', () => {
    mount();
    const [first, second] = rows();
    expect(first?.tabIndex).toBe(0);
    expect(second?.tabIndex).toBe(-1);
    expect(
      within(second as HTMLElement)
        .getAllByRole('button')
        .every((b) => b.tabIndex === -1),
    ).toBe(true);
    act(() => (first as HTMLElement).focus());
    fireEvent.keyDown(first as HTMLElement, { key: 'ArrowDown' });
    fireEvent.focus(second as HTMLElement);
    expect(second?.tabIndex).toBe(0);
    fireEvent.keyDown(second as HTMLElement, { key: 'Enter' });
    expect(useTradeDialogs.getState().dialog).toEqual({ kind: 'info', assetId: USDJPY.id });
  });

  it('searches within the category and says how many are left', async () => {
    mount();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search instruments' }), {
      target: { value: 'jpy' },
    });
    await waitFor(() => expect(rows().map((r) => r.dataset.assetId)).toEqual(['8']));
    expect(screen.getByRole('status').textContent).toBe('1 instrument');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search instruments' }), {
      target: { value: 'nothing like it' },
    });
    expect(await screen.findByText('No items found matching your criteria.')).toBeTruthy();
  });

  it('switches category with the tabs', async () => {
    mount();
    const crypto = screen.getByRole('tab', { name: /Crypto/ });
    fireEvent.mouseDown(crypto, { button: 0, ctrlKey: false });
    const grid = await screen.findByRole('grid', { name: 'Crypto instruments' });
    expect(within(grid).getByRole('button', { name: 'Buy BTC/USD at 95009.500' })).toBeTruthy();
  });

  it('Buy opens the order form on the buy side, focused on the volume box', async () => {
    mount();
    fireEvent.click(within(rows()[0] as HTMLElement).getByRole('button', { name: /^Buy EUR\/USD at/ }));
    expect(useOrderFormStore.getState()).toMatchObject({ open: true, side: 'buy', assetId: EURUSD.id });
    const form = await screen.findByTestId('order-form');
    expect(within(form).getByRole('button', { name: 'Place BUY order' })).toBeTruthy();
    expect(
      within(form)
        .getByRole('button', { name: /^BUY at/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Volume')));
    expect(within(form).getByTestId('order-spread').textContent).toBe('2.2 pips');
  });

  it('Sell opens the same form on the sell side', async () => {
    mount();
    fireEvent.click(within(rows()[1] as HTMLElement).getByRole('button', { name: /^Sell USD\/JPY at/ }));
    const form = await screen.findByTestId('order-form');
    expect(within(form).getByRole('button', { name: 'Place SELL order' })).toBeTruthy();
  });

  it('lists the open positions below', async () => {
    mount();
    expect(screen.getByRole('heading', { level: 2, name: 'Open positions' })).toBeTruthy();
    expect(await screen.findByText('No active positions found')).toBeTruthy();
  });
});

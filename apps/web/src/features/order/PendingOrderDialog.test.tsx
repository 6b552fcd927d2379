import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccountSummary, getTrades, placeOrder } from '@/api/trading';
import { toastTexts } from '@/test/render';
import { TradeDialogsHost } from './TradeDialogsHost';
import { EURUSD, fakeAudio, page, renderWithApp, resetMarket, seedMarket, summary, trade } from './testing';
import { useTradeDialogs } from './tradeDialogsStore';

vi.mock('@/api/trading');

const audio = fakeAudio();
const typeInto = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const priceBox = () => screen.getByLabelText<HTMLInputElement>('Price');

function openPending() {
  renderWithApp(<TradeDialogsHost />);
  act(() => useTradeDialogs.getState().openDialog({ kind: 'pending', assetId: EURUSD.id }));
}

describe('pending order dialog (DESIGN §6)', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.stubGlobal('AudioContext', audio.AudioContext);
    seedMarket();
    vi.mocked(getAccountSummary).mockResolvedValue(summary());
    vi.mocked(getTrades).mockResolvedValue(page());
  });
  afterEach(() => {
    act(() => {
      toast.dismiss();
      useTradeDialogs.setState(useTradeDialogs.getInitialState(), true);
    });
    resetMarket();
    vi.unstubAllGlobals();
  });

  it('starts at the market price and refuses a buy limit above the ask', async () => {
    openPending();
    expect(priceBox().value).toBe('1.10011');
    expect(priceBox().getAttribute('step')).toBe('0.00001');
    typeInto('Price', '1.2');
    fireEvent.click(screen.getByRole('button', { name: 'Place Buy Limit order' }));
    expect(await screen.findByText('Buy limit price must be below the current ask price')).toBeTruthy();
    expect(placeOrder).not.toHaveBeenCalled();
    typeInto('Order type', 'buy_stop');
    typeInto('Price', '1.05');
    fireEvent.click(screen.getByRole('button', { name: 'Place Buy Stop order' }));
    expect(await screen.findByText('Buy stop price must be above the current ask price')).toBeTruthy();
  });

  it('reverts the price to the market price, the bid for a sell kind', () => {
    openPending();
    typeInto('Price', '1.05');
    fireEvent.click(screen.getByRole('button', { name: 'Market price' }));
    expect(priceBox().value).toBe('1.10011');
    typeInto('Order type', 'sell_stop');
    expect(priceBox().value).toBe('1.09989');
  });

  it('places a buy limit with order_type, entry_price, TP/SL checked against the entry, and expiry', async () => {
    vi.mocked(placeOrder).mockResolvedValue(
      trade({ status: 'pending', order_type: 'buy_limit', entry_price: 1.09, opening_price: null }),
    );
    openPending();
    typeInto('Price', '1.09');
    typeInto('Take profit', '1.0899');
    fireEvent.click(screen.getByRole('button', { name: 'Place Buy Limit order' }));
    expect(await screen.findByText('Take profit for a buy must be above the current price')).toBeTruthy();
    typeInto('Take profit', '1.1');
    typeInto('Stop loss', '1.08');
    typeInto('Expiry (optional)', '2999-01-01T12:00');
    fireEvent.click(screen.getByRole('button', { name: 'Place Buy Limit order' }));
    await waitFor(() => expect(placeOrder).toHaveBeenCalledTimes(1));
    expect(vi.mocked(placeOrder).mock.calls[0]?.[0]).toMatchObject({
      type: 'buy',
      id: EURUSD.id,
      order_type: 'buy_limit',
      entry_price: 1.09,
      volume: 1_000,
      take_profit: 1.1,
      stop_loss: 1.08,
      expires_at: new Date('2999-01-01T12:00').toISOString(),
      client_order_id: expect.any(String),
    });
    await waitFor(() => expect(toastTexts().join()).toContain('Pending order placed'));
    expect(toastTexts().join()).toContain('Buy Limit 0.01 lots (1,000 units) at 1.09000');
  });

  it('refuses an expiry in the past', async () => {
    openPending();
    typeInto('Price', '1.09');
    typeInto('Expiry (optional)', '2001-01-01T12:00');
    fireEvent.click(screen.getByRole('button', { name: 'Place Buy Limit order' }));
    expect(await screen.findByText('Expiry must be in the future')).toBeTruthy();
    expect(placeOrder).not.toHaveBeenCalled();
  });
});

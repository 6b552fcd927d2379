import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccountSummary, getTrades, placeOrder } from '@/api/trading';
import { httpError, networkError } from '@/test/http';
import { toastTexts } from '@/test/render';
import { OrderFormHost } from './OrderFormHost';
import { useOrderFormStore } from './orderFormStore';
import {
  EURUSD,
  fakeAudio,
  page,
  renderWithApp,
  resetMarket,
  seedMarket,
  summary,
  testAsset,
  trade,
} from './testing';

vi.mock('@/api/trading');

const audio = fakeAudio();

function openForm(side: 'buy' | 'sell' = 'buy') {
  renderWithApp(<OrderFormHost />);
  act(() => useOrderFormStore.getState().openForm(side));
  return screen.getByTestId('order-form');
}

const volumeBox = () => screen.getByLabelText<HTMLInputElement>('Volume');
const typeInto = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = (side = 'BUY') => fireEvent.click(screen.getByRole('button', { name: `Place ${side} order` }));

describe('order form (SPEC §4, §5)', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.stubGlobal('AudioContext', audio.AudioContext);
    audio.played.length = 0;
    seedMarket();
    vi.mocked(getAccountSummary).mockResolvedValue(summary());
    vi.mocked(getTrades).mockResolvedValue(page());
    vi.mocked(placeOrder).mockResolvedValue(trade());
  });
  afterEach(() => {
    act(() => {
      toast.dismiss();
      useOrderFormStore.setState(useOrderFormStore.getInitialState(), true);
    });
    resetMarket();
    vi.unstubAllGlobals();
  });

  it('shows the live bid and ask with 5 decimals and starts at 0.01 lots', () => {
    openForm();
    expect(screen.getByTestId('sell-price').textContent).toBe('1.09989');
    expect(screen.getByTestId('buy-price').textContent).toBe('1.10011');
    expect(volumeBox().value).toBe('0.01');
    expect(screen.getByRole('button', { name: /^BUY at/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('switches side, and the submit button follows', () => {
    openForm();
    fireEvent.click(screen.getByRole('button', { name: /^SELL at/ }));
    expect(useOrderFormStore.getState().side).toBe('sell');
    expect(screen.getByRole('button', { name: 'Place SELL order' })).toBeTruthy();
  });

  it('steps 0.01 lots and never below one step after a decrement', () => {
    openForm();
    const plus = screen.getByRole('button', { name: 'Step up' });
    const minus = screen.getByRole('button', { name: 'Step down' });
    for (let i = 0; i < 10; i++) fireEvent.click(plus);
    expect(volumeBox().value).toBe('0.11');
    fireEvent.click(minus);
    expect(volumeBox().value).toBe('0.10');
    typeInto('Volume', '0.01');
    fireEvent.click(minus);
    expect(volumeBox().value).toBe('0.01');
  });

  it('steps 1,000 units and 10 currency after a unit change, converting the volume', () => {
    openForm();
    const unit = screen.getByLabelText('Unit');
    fireEvent.change(unit, { target: { value: 'units' } });
    expect(volumeBox().value).toBe('1000');
    fireEvent.click(screen.getByRole('button', { name: 'Step up' }));
    expect(volumeBox().value).toBe('2000');
    fireEvent.click(screen.getByRole('button', { name: 'Step down' }));
    fireEvent.click(screen.getByRole('button', { name: 'Step down' }));
    expect(volumeBox().value).toBe('1000');

    fireEvent.change(unit, { target: { value: 'currency' } });
    // 1,000 units at the ask 1.10011 USD.
    expect(volumeBox().value).toBe('1100.11');
    fireEvent.click(screen.getByRole('button', { name: 'Step up' }));
    expect(volumeBox().value).toBe('1110');
    typeInto('Volume', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Step down' }));
    expect(volumeBox().value).toBe('10');
  });

  it('says what the smallest lot costs when a currency amount is too small', async () => {
    openForm();
    fireEvent.change(screen.getByLabelText('Unit'), { target: { value: 'currency' } });
    typeInto('Volume', '50');
    expect(
      await screen.findByText('Volume must be between 0.01 and 50 lots (0.01 lots ≈ $1,100.11)'),
    ).toBeTruthy();
  });

  it('keeps digits and one decimal point when typing', () => {
    openForm();
    typeInto('Volume', '1a.2.5,-');
    expect(volumeBox().value).toBe('1.25');
  });

  it.each([
    ['60', 'Volume must be between 0.01 and 50 lots'],
    ['0', 'Volume must be between 0.01 and 50 lots'],
    ['0.015', 'Volume must be a multiple of 0.01 lots'],
  ])('refuses %s lots with the domain message and sends nothing', async (typed, message) => {
    openForm();
    typeInto('Volume', typed);
    expect(await screen.findByText(message)).toBeTruthy();
    submit();
    await waitFor(() => expect(screen.getByLabelText('Volume').getAttribute('aria-invalid')).toBe('true'));
    expect(placeOrder).not.toHaveBeenCalled();
  });

  it('checks TP above and SL below the bid for a buy', async () => {
    openForm();
    typeInto('Take profit', '1.05');
    typeInto('Stop loss', '1.2');
    submit();
    expect(await screen.findByText('Take profit for a buy must be above the current price')).toBeTruthy();
    expect(screen.getByText('Stop loss for a buy must be below the current price')).toBeTruthy();
    expect(placeOrder).not.toHaveBeenCalled();
  });

  it('checks TP below and SL above the ask for a sell', async () => {
    openForm('sell');
    typeInto('Take profit', '1.2');
    typeInto('Stop loss', '1.05');
    submit('SELL');
    expect(await screen.findByText('Take profit for a sell must be below the current price')).toBeTruthy();
    expect(screen.getByText('Stop loss for a sell must be above the current price')).toBeTruthy();
  });

  it('fills the suggested levels 0.1% from the price', () => {
    openForm();
    fireEvent.click(screen.getByRole('button', { name: 'Use suggested TP 0.1%' }));
    fireEvent.click(screen.getByRole('button', { name: 'Use suggested SL 0.1%' }));
    expect(screen.getByLabelText<HTMLInputElement>('Take profit').value).toBe('1.10121');
    expect(screen.getByLabelText<HTMLInputElement>('Stop loss').value).toBe('1.09901');
  });

  it('shows leverage, required margin and free margin after the trade', async () => {
    openForm();
    expect(screen.getByTestId('order-leverage').textContent).toBe('1:100');
    // 1,000 units × 1.10011 ÷ 100 = 11.0011 USD; free margin 1,000 − 11.00.
    await waitFor(() => expect(screen.getByTestId('required-margin').textContent).toBe('$11.00'));
    await waitFor(() => expect(screen.getByTestId('free-margin-after').textContent).toBe('$989.00'));
  });

  it.each([
    [{ category: 200, plan: 50 }, null, '1:200'],
    [{ plan: 50 }, 30, '1:30'],
    [{ plan: 50 }, null, '1:50'],
    [{}, null, '1:20'],
  ])('takes leverage from %o with asset leverage %s: %s', (sources, assetLeverage, shown) => {
    seedMarket([testAsset({ ...EURUSD, leverage: assetLeverage })], sources);
    openForm();
    expect(screen.getByTestId('order-leverage').textContent).toBe(shown);
  });

  it("sends SPEC's payload and toasts '{Buy|Sell} order placed' for 3 s with a rising tone", async () => {
    const success = vi.spyOn(toast, 'success');
    openForm();
    typeInto('Volume', '0.02');
    typeInto('Take profit', '1.2');
    vi.mocked(placeOrder).mockResolvedValue(trade({ volume: 0.02, units: 2_000, opening_price: 1.10011 }));
    submit();
    await waitFor(() => expect(placeOrder).toHaveBeenCalledTimes(1));
    const payload = vi.mocked(placeOrder).mock.calls[0]?.[0];
    expect(payload).toEqual({
      type: 'buy',
      id: EURUSD.id,
      volume: 2_000,
      qty: 0.02,
      leverage: 100,
      margin: 22,
      amount: 2_200.22,
      opening_price: expect.closeTo(1.10011, 10),
      take_profit: 1.2,
      stop_loss: 0,
      asset_symbol: 'EURUSD',
      asset_name: 'Euro vs US Dollar',
      client_order_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    await waitFor(() => expect(toastTexts().join()).toContain('Buy order placed'));
    expect(toastTexts().join()).toContain('0.02 lots (2,000 units) at 1.10011');
    expect(success).toHaveBeenCalledWith('Buy order placed', expect.objectContaining({ duration: 3_000 }));
    expect(audio.played.map((t) => t.to > t.from)).toEqual([true, true]);
    // The form closes once the order is placed.
    await waitFor(() => expect(screen.queryByTestId('order-form')).toBeNull());
  });

  it("toasts 'Failed to execute trade' with the server's words for 5 s, buzzes, and keeps the form", async () => {
    const error = vi.spyOn(toast, 'error');
    vi.mocked(placeOrder).mockRejectedValue(
      httpError(422, { message: 'Not enough free margin', code: 'INSUFFICIENT_MARGIN' }),
    );
    openForm();
    submit();
    await waitFor(() => expect(toastTexts().join()).toContain('Failed to execute trade'));
    expect(toastTexts().join()).toContain('Not enough free margin');
    expect(error).toHaveBeenCalledWith(
      'Failed to execute trade',
      expect.objectContaining({ duration: 5_000 }),
    );
    expect(audio.played.length).toBeGreaterThan(0);
    expect(audio.played.every((t) => t.type === 'square' && t.to <= t.from)).toBe(true);
    expect(screen.getByTestId('order-form')).toBeTruthy();
  });

  it('falls back to the generic failure text and shows server field errors beside their fields', async () => {
    vi.mocked(placeOrder).mockRejectedValueOnce(networkError());
    openForm();
    submit();
    await waitFor(() =>
      expect(toastTexts().join()).toContain('There was an error processing your trade. Please try again.'),
    );
    vi.mocked(placeOrder).mockRejectedValueOnce(
      httpError(422, {
        message: 'Stop loss for a buy must be below the current price',
        code: 'VALIDATION_FAILED',
        errors: { stop_loss: ['Stop loss for a buy must be below the current price'] },
      }),
    );
    submit();
    await waitFor(() => expect(screen.getByLabelText('Stop loss').getAttribute('aria-invalid')).toBe('true'));
  });

  it('uses a new client order id on every attempt', async () => {
    vi.mocked(placeOrder).mockRejectedValueOnce(networkError());
    openForm();
    submit();
    await waitFor(() => expect(placeOrder).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place BUY order' })).toBeTruthy());
    submit();
    await waitFor(() => expect(placeOrder).toHaveBeenCalledTimes(2));
    const [first, second] = vi.mocked(placeOrder).mock.calls.map(([body]) => body.client_order_id);
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(first).not.toBe(second);
  });

  it("shows 'Processing...' with a spinner while the order is on its way", async () => {
    let answer: (t: ReturnType<typeof trade>) => void = () => undefined;
    vi.mocked(placeOrder).mockReturnValue(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    openForm();
    submit();
    const button = await screen.findByRole('button', { name: 'Processing...' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.querySelector('svg.animate-spin')).toBeTruthy();
    await act(async () => answer(trade()));
  });

  it("refuses an order with no asset: 'No asset selected for trading'", async () => {
    resetMarket();
    openForm();
    submit();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getAllByText('No asset selected for trading').length).toBeGreaterThan(0);
    expect(placeOrder).not.toHaveBeenCalled();
  });
});

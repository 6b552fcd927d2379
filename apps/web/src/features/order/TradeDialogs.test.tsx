import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeTrade, getAccountSummary, getTrades, modifyTrade } from '@/api/trading';
import { httpError, networkError } from '@/test/http';
import { toastTexts } from '@/test/render';
import { TradeDialogsHost } from './TradeDialogsHost';
import { fakeAudio, page, renderWithApp, resetMarket, seedMarket, summary, trade } from './testing';
import { type TradeDialog, useTradeDialogs } from './tradeDialogsStore';

vi.mock('@/api/trading');

const audio = fakeAudio();

function open(dialog: TradeDialog) {
  renderWithApp(<TradeDialogsHost />);
  act(() => useTradeDialogs.getState().openDialog(dialog));
}

const typeInto = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  vi.clearAllMocks();
  vi.stubGlobal('AudioContext', audio.AudioContext);
  audio.played.length = 0;
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

describe('TP & SL dialog', () => {
  it('checks a buy’s levels against the live bid and sends nothing wrong', async () => {
    open({ kind: 'tpsl', trade: trade() });
    expect(screen.getByTestId('tpsl-dialog')).toBeTruthy();
    expect(screen.getByTestId('current-price').textContent).toBe('1.09989');
    typeInto('Take profit', '1.05');
    typeInto('Stop loss', '1.2');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Take profit for a buy must be above the current price')).toBeTruthy();
    expect(screen.getByText('Stop loss for a buy must be below the current price')).toBeTruthy();
    expect(modifyTrade).not.toHaveBeenCalled();
  });

  it('checks a sell’s levels against the live ask', async () => {
    open({ kind: 'tpsl', trade: trade({ trade_type: 'sell', opening_price: 1.09989 }) });
    typeInto('Take profit', '1.2');
    typeInto('Stop loss', '1.05');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Take profit for a sell must be below the current price')).toBeTruthy();
    expect(screen.getByText('Stop loss for a sell must be above the current price')).toBeTruthy();
  });

  it('rejects a negative level with the domain words', async () => {
    open({ kind: 'tpsl', trade: trade() });
    typeInto('Stop loss', '-1');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Stop loss must be a non-negative number')).toBeTruthy();
  });

  it('saves the levels, 0 for an empty box (which clears it), and closes', async () => {
    vi.mocked(modifyTrade).mockResolvedValue(trade({ take_profit: 1.2 }));
    open({ kind: 'tpsl', trade: trade({ stop_loss: 1.05 }) });
    expect(screen.getByLabelText<HTMLInputElement>('Stop loss').value).toBe('1.05');
    typeInto('Take profit', '1.2');
    typeInto('Stop loss', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(modifyTrade).toHaveBeenCalledWith(501, { take_profit: 1.2, stop_loss: 0 }));
    await waitFor(() => expect(screen.queryByTestId('tpsl-dialog')).toBeNull());
    expect(toastTexts().join()).toContain('Take profit and stop loss saved');
  });

  it("shows the server's messages beside their fields", async () => {
    vi.mocked(modifyTrade).mockRejectedValue(
      httpError(422, {
        message: 'Take profit for a buy must be above the current price',
        code: 'VALIDATION_FAILED',
        errors: { take_profit: ['Take profit for a buy must be above the current price'] },
      }),
    );
    open({ kind: 'tpsl', trade: trade() });
    typeInto('Take profit', '1.1');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Take profit').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(document.getElementById('tpsl-takeProfit-error')?.textContent).toBe(
      'Take profit for a buy must be above the current price',
    );
    expect(screen.getByTestId('tpsl-dialog')).toBeTruthy();
  });
});

describe('close dialog', () => {
  const position = trade({ volume: 0.05, units: 5_000 });
  const volumeBox = () => screen.getByLabelText<HTMLInputElement>('Volume');
  const closeButton = () => screen.getByRole('button', { name: 'Close position' });

  it('closes the whole position without a volume and toasts for 3 s with a rising tone', async () => {
    const success = vi.spyOn(toast, 'success');
    vi.mocked(closeTrade).mockResolvedValue(trade({ status: 'closed', closing_price: 1.09989 }));
    open({ kind: 'close', trade: position });
    expect(screen.getByTestId('close-dialog')).toBeTruthy();
    expect(volumeBox().value).toBe('0.05');
    fireEvent.click(closeButton());
    await waitFor(() => expect(closeTrade).toHaveBeenCalledWith(501, undefined));
    await waitFor(() => expect(toastTexts().join()).toContain('Position successfully closed'));
    expect(success).toHaveBeenCalledWith(
      'Position successfully closed',
      expect.objectContaining({ duration: 3_000 }),
    );
    expect(audio.played.every((t) => t.to > t.from)).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('close-dialog')).toBeNull());
  });

  it('closes part of it in lots', async () => {
    vi.mocked(closeTrade).mockResolvedValue(trade());
    open({ kind: 'close', trade: position });
    typeInto('Volume', '0.02');
    fireEvent.click(closeButton());
    await waitFor(() => expect(closeTrade).toHaveBeenCalledWith(501, 0.02));
  });

  it.each([
    ['0.06', 'Volume must be between 0.01 and 0.05 lots'],
    ['0', 'Volume must be between 0.01 and 0.05 lots'],
    ['', 'Volume must be between 0.01 and 0.05 lots'],
    ['0.015', 'Volume must be a multiple of 0.01 lots'],
  ])('refuses %j lots: %s', async (typed, message) => {
    open({ kind: 'close', trade: position });
    typeInto('Volume', typed);
    fireEvent.click(closeButton());
    expect(await screen.findByText(message)).toBeTruthy();
    expect(closeTrade).not.toHaveBeenCalled();
  });

  it('steps by 0.01 between one step and the position’s volume', () => {
    open({ kind: 'close', trade: position });
    fireEvent.click(screen.getByRole('button', { name: 'Step up' }));
    expect(volumeBox().value).toBe('0.05');
    typeInto('Volume', '0.01');
    fireEvent.click(screen.getByRole('button', { name: 'Step down' }));
    expect(volumeBox().value).toBe('0.01');
    fireEvent.click(screen.getByRole('button', { name: 'Step up' }));
    expect(volumeBox().value).toBe('0.02');
  });

  it("shows 'Closing...' while the call runs", async () => {
    let answer: () => void = () => undefined;
    vi.mocked(closeTrade).mockReturnValue(
      new Promise((resolve) => {
        answer = () => resolve(trade());
      }),
    );
    open({ kind: 'close', trade: position });
    fireEvent.click(closeButton());
    const busy = await screen.findByRole('button', { name: 'Closing...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    await act(async () => answer());
  });

  it("toasts 'Failed to close trade' with SPEC's words for 5 s and buzzes", async () => {
    const error = vi.spyOn(toast, 'error');
    vi.mocked(closeTrade).mockRejectedValue(networkError());
    open({ kind: 'close', trade: position });
    fireEvent.click(closeButton());
    await waitFor(() => expect(toastTexts().join()).toContain('Failed to close trade'));
    expect(toastTexts().join()).toContain('There was an error processing your request. Please try again.');
    expect(error).toHaveBeenCalledWith('Failed to close trade', expect.objectContaining({ duration: 5_000 }));
    expect(audio.played.some((t) => t.type === 'square')).toBe(true);
    expect(screen.getByTestId('close-dialog')).toBeTruthy();
  });
});

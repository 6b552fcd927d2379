import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccountSummary, getTrades } from '@/api/trading';
import { OrderFormHost } from './OrderFormHost';
import { useOrderFormStore } from './orderFormStore';
import { TradeDialogsHost } from './TradeDialogsHost';
import { page, renderWithApp, resetMarket, seedMarket, summary, trade } from './testing';
import { useTradeDialogs } from './tradeDialogsStore';

vi.mock('@/api/trading');

/** Where each dialog starts (issue 18): on a control a reflex key cannot turn into a wrong trade. */
describe('dialog focus', () => {
  beforeEach(() => {
    seedMarket();
    vi.mocked(getAccountSummary).mockResolvedValue(summary());
    vi.mocked(getTrades).mockResolvedValue(page());
  });
  afterEach(() => {
    act(() => {
      useTradeDialogs.setState(useTradeDialogs.getInitialState(), true);
      useOrderFormStore.setState(useOrderFormStore.getInitialState(), true);
    });
    resetMarket();
  });

  it('opens the order form on the volume box, not on the SELL/BUY switch', async () => {
    renderWithApp(<OrderFormHost />);
    act(() => useOrderFormStore.getState().openForm('buy'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Volume')));
  });

  it('opens the close confirmation on its Close position button, not on a step button', async () => {
    renderWithApp(<TradeDialogsHost />);
    act(() => useTradeDialogs.getState().openDialog({ kind: 'close', trade: trade({ volume: 0.05 }) }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close position' })),
    );
  });

  it('shows the spread in pips in the order form', () => {
    renderWithApp(<OrderFormHost />);
    act(() => useOrderFormStore.getState().openForm('sell'));
    // EUR/USD 1.09989 / 1.10011: 2.2 pips.
    expect(screen.getByTestId('order-spread').textContent).toBe('2.2 pips');
  });
});

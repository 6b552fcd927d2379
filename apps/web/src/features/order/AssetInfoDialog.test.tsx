import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { getAccountSummary, getTrades } from '@/api/trading';
import { ok } from '@/test/http';
import type { AssetInfo } from './assetInfoApi';
import { useOrderFormStore } from './orderFormStore';
import { TradeDialogsHost } from './TradeDialogsHost';
import { EURUSD, page, renderWithApp, resetMarket, seedMarket, summary } from './testing';
import { useTradeDialogs } from './tradeDialogsStore';

vi.mock('@/api/trading');

const info: AssetInfo = {
  asset: { ...EURUSD, price_high: 1.105, price_low: 1.095, change: 0.0025, change_percent: 0.23 },
  trading_schedule: {
    description: '24/5: Sunday 22:00 to Friday 22:00 UTC',
    time_zone: 'UTC',
    is_open: true,
  },
  contract_specification: {
    contract_size: 100_000,
    base_currency: 'EUR',
    quote_currency: 'USD',
    min_volume_lots: 0.01,
    max_volume_lots: 50,
    volume_step_lots: 0.01,
    price_decimals: 5,
    leverage: null,
  },
};

/** 45 hourly closes rising then 30 sideways: an uptrend with a mid-band RSI, so a Buy. */
const closes = [
  ...Array.from({ length: 45 }, (_, i) => 1 + i * 0.001),
  ...Array.from({ length: 30 }, (_, i) => 1.044 + (i % 2) * 0.0005),
];
const candles = closes.map((close, i) => ({
  time: i * 3_600_000,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
}));

function openInfo() {
  renderWithApp(<TradeDialogsHost />);
  act(() => useTradeDialogs.getState().openDialog({ kind: 'info', assetId: EURUSD.id }));
}

describe('asset information dialog', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    seedMarket();
    vi.mocked(getAccountSummary).mockResolvedValue(summary());
    vi.mocked(getTrades).mockResolvedValue(page());
    vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
      if (url === `/assets/${EURUSD.id}/info`) return ok({ data: info });
      if (url === `/assets/${EURUSD.id}/candles`) return ok({ data: candles, interval: '1h' });
      throw new Error(`unexpected GET ${url}`);
    });
  });
  afterEach(() => {
    act(() => {
      useTradeDialogs.setState(useTradeDialogs.getInitialState(), true);
      useOrderFormStore.setState(useOrderFormStore.getInitialState(), true);
    });
    resetMarket();
  });

  it('shows the rate, 24 h figures, spreads, schedule and contract specification', async () => {
    openInfo();
    expect(await screen.findByText('EUR/USD')).toBeTruthy();
    expect(screen.getByTestId('info-rate').textContent).toBe('1.10000');
    expect(screen.getByTestId('info-spread-pips').textContent).toMatch(/^\d+\.\d pips$/);
    const dialog = screen.getByTestId('asset-info-dialog').textContent ?? '';
    for (const shown of [
      '24h high',
      '24h low',
      'Buy spread0.01%',
      'Sell spread0.01%',
      '24/5: Sunday 22:00 to Friday 22:00 UTC',
      'Market open',
      'Contract size100,000 EUR',
      'Volume0.01–50.00 lots',
      'Your leverage1:100',
      'Last updated',
    ]) {
      expect(dialog).toContain(shown);
    }
  });

  it('asks for hourly candles and sums them up as trend, RSI and a verdict', async () => {
    openInfo();
    expect((await screen.findByTestId('ta-verdict')).textContent).toBe('Buy');
    expect(screen.getByTestId('ta-trend').textContent).toBe('Uptrend');
    expect(screen.getByTestId('ta-rsi').textContent).toMatch(/^\d+\.\d \(neutral\)$/);
    expect(api.get).toHaveBeenCalledWith(`/assets/${EURUSD.id}/candles`, { params: { interval: '1h' } });
  });

  it('opens the order form on the asset with Trade Now', async () => {
    openInfo();
    fireEvent.click(await screen.findByRole('button', { name: 'Trade Now' }));
    await waitFor(() => expect(useTradeDialogs.getState().dialog).toBeNull());
    expect(useOrderFormStore.getState()).toMatchObject({ open: true, side: 'buy', assetId: EURUSD.id });
  });
});

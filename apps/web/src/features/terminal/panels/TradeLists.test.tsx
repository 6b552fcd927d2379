import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { EURUSD } from '@/stores/assetFixtures';
import { httpError, ok } from '@/test/http';
import { toastTexts } from '@/test/render';
import { loadAssets, renderWithApp, resetAssets, serveGet, trade, tradePage, visibleText } from '../testing';
import { ActiveOrdersPanel, TradingHistoryPanel } from './TradeLists';

const render = (element: ReactElement) => renderWithApp(element);

const PENDING = trade({
  id: 41,
  trade_id: 'P-41',
  status: 'pending',
  order_type: 'buy_limit',
  entry_price: 1.07512,
  opening_price: null,
  volume: 0.25,
});

describe('ACTIVE ORDERS panel (SPEC §2, §8)', () => {
  beforeEach(() => {
    resetAssets();
    loadAssets([EURUSD]);
  });

  it("says 'No active orders found' when nothing is pending", async () => {
    serveGet({ '/pending/orders': tradePage([]) });
    render(<ActiveOrdersPanel />);
    expect(await screen.findByText('No active orders found')).toBeTruthy();
  });

  it('lists pending orders with kind, volume and price', async () => {
    serveGet({ '/pending/orders': tradePage([PENDING]) });
    render(<ActiveOrdersPanel />);
    const item = (await screen.findByText('BUY LIMIT')).closest('li');
    if (!item) throw new Error('no row');
    expect(visibleText(item)).toContain('EUR/USD');
    expect(visibleText(item)).toContain('0.25 lots');
    expect(visibleText(item)).toContain('@ 1.07512');
  });

  it('cancels an order through POST /trade/{id}/cancel and says so', async () => {
    const get = serveGet({ '/pending/orders': tradePage([PENDING]) });
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ data: { ...PENDING, status: 'cancelled' } }));
    render(<ActiveOrdersPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order P-41' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/trade/41/cancel', {}));
    await waitFor(() => expect(toastTexts().some((t) => t.includes('Order cancelled'))).toBe(true));
    // The list is fetched again after the change.
    await waitFor(() => expect(get.mock.calls.filter(([url]) => url === '/pending/orders').length).toBe(2));
  });

  it("shows the server's reason when a cancel fails", async () => {
    serveGet({ '/pending/orders': tradePage([PENDING]) });
    vi.spyOn(api, 'post').mockRejectedValue(httpError(409, { message: 'The order has already filled.' }));
    render(<ActiveOrdersPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order P-41' }));
    await waitFor(() =>
      expect(
        toastTexts().some((t) => t.includes('Failed to cancel order') && t.includes('already filled')),
      ).toBe(true),
    );
  });

  it('offers Retry when the list fails to load', async () => {
    serveGet({ '/pending/orders': new Error('down') });
    render(<ActiveOrdersPanel />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fetch active orders. Please try again.')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('TRADING HISTORY panel (SPEC §2, §8)', () => {
  beforeEach(() => {
    resetAssets();
    loadAssets([EURUSD]);
  });

  it("says 'No trading history found' when nothing has closed", async () => {
    serveGet({ '/closed/trades': tradePage([]) });
    render(<TradingHistoryPanel />);
    expect(await screen.findByText('No trading history found')).toBeTruthy();
  });

  it('lists closed trades with prices and signed P/L', async () => {
    serveGet({
      '/closed/trades': tradePage([
        trade({
          id: 1,
          status: 'closed',
          pnl: 12.5,
          closing_price: 1.0825,
          close_time: '2025-01-02T10:00:00Z',
        }),
        trade({ id: 2, status: 'closed', trade_type: 'sell', pnl: -3, close_time: '2025-01-02T11:00:00Z' }),
      ]),
    });
    render(<TradingHistoryPanel />);
    expect(await screen.findByText('+$12.50')).toBeTruthy();
    expect(screen.getByText('−$3.00')).toBeTruthy();
    expect(screen.getByText('+$12.50').className).toContain('text-buy');
    expect(screen.getByText('−$3.00').className).toContain('text-sell');
    expect(screen.getByText('1.08000 → 1.08250')).toBeTruthy();
  });

  it('loads the next page on demand', async () => {
    const get = vi.spyOn(api, 'get').mockImplementation(async (_url, config) => {
      const page = Number((config?.params as { page?: number } | undefined)?.page ?? 1);
      return ok(tradePage([trade({ id: page, status: 'closed', pnl: page })], page, 2));
    });
    render(<TradingHistoryPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('+$2.00')).toBeTruthy();
    expect(screen.getByText('+$1.00')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/closed/trades', { params: { page: 2 } });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

import type { Dashboard } from '@openbroker/domain';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { ok } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { DashboardPage } from './DashboardPage';

function dashboard(over: Partial<Dashboard> = {}): Dashboard {
  return {
    generated_at: '2026-01-07T15:00:00.000Z',
    customers: { pending: 2, active: 40, deactivated: 1, total: 43 },
    queues: { pending_clients: 2, approvals: 3, unread_chats: 5 },
    money_today: {
      available: false,
      deposits_count: 0,
      deposits_cents: 0,
      withdrawals_count: 0,
      withdrawals_cents: 0,
    },
    positions: { open: 3, accounts: 2, unpriced: 0 },
    exposure: [
      {
        asset_id: 1,
        symbol: 'EUR/USD',
        name: 'Euro / US Dollar',
        positions: 3,
        long_lots: 1.5,
        short_lots: 0.25,
        net_lots: 1.25,
        long_notional_cents: 16_515_000,
        short_notional_cents: 2_752_500,
        net_notional_cents: 13_762_500,
        floating_pnl_cents: -12_345,
        priced: true,
      },
    ],
    pnl: { floating_cents: -12_345, realised_today_cents: 50_000, realised_all_time_cents: 0 },
    margin_calls: {
      source: 'database',
      accounts: [
        {
          account_id: 7,
          account_number: '10000007',
          user_id: 70,
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          currency: 'USD',
          equity_cents: 10_890,
          margin_cents: 11_001,
          margin_level: 98.99,
          margin_call_level: 100,
          stop_out_level: 50,
        },
      ],
    },
    ...over,
  };
}

function mount(d: Dashboard) {
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url === '/admin/dashboard') return ok({ data: d });
    throw new Error(`Unexpected GET ${url}`);
  });
  return renderRoutes([{ path: '/admin', element: <DashboardPage /> }], '/admin');
}

describe('admin dashboard', () => {
  beforeEach(() => {
    useSessionStore.setState({
      user: sessionUser({
        role: 'staff',
        staff_roles: ['support'],
        permissions: ['clients.read', 'clients.notes', 'chat.read', 'chat.write'],
      }),
    });
  });

  it('shows the figures the server computed, signed P/L as text, and plain words for missing money', async () => {
    mount(dashboard());
    await screen.findByTestId('admin-dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    const pnl = screen.getByTestId('card-pnl');
    expect(pnl.textContent).toContain('−$123.45');
    expect(pnl.textContent).toContain('+$500.00');
    expect(pnl.textContent).toContain('$0.00');
    const money = screen.getByTestId('card-money');
    expect(money.textContent).toContain(
      'No deposits or withdrawals yet — payments arrive with the money module.',
    );
    expect(money.textContent).not.toContain('$0.00');

    const row = screen.getByTestId('exposure-row');
    expect(within(row).getByRole('rowheader').textContent).toContain('EUR/USD');
    expect(row.textContent).toContain('+1.25');
    expect(row.textContent).toContain('$165,150.00');
    expect(row.textContent).toContain('+$137,625.00');

    const call = screen.getByTestId('margin-call-row');
    expect(call.textContent).toContain('98.99%');
    expect(within(call).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(
      '/admin/clients/70',
    );
    expect(screen.getByText(/does not run the risk engine/)).toBeTruthy();
  });

  it('links only the queues the role may open', async () => {
    mount(dashboard());
    const queues = await screen.findByTestId('card-queues');
    expect(within(queues).getByRole('link', { name: 'Unread chats' }).getAttribute('href')).toBe(
      '/admin/chat',
    );
    expect(within(queues).queryByRole('link', { name: 'Approvals' })).toBeNull();
    expect(queues.textContent).toContain('Approvals');
  });

  it('says so when nothing is open and no account is in margin call', async () => {
    mount(
      dashboard({
        exposure: [],
        positions: { open: 0, accounts: 0, unpriced: 0 },
        margin_calls: { source: 'risk_engine', accounts: [] },
      }),
    );
    expect(
      await screen.findByText('No open positions: the house carries no exposure right now.'),
    ).toBeTruthy();
    expect(screen.getByText('No account is in margin call.')).toBeTruthy();
    expect(screen.getByText('From the risk engine’s live state.')).toBeTruthy();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as accountsApi from '@/api/accounts';
import * as userApi from '@/app/session/userApi';
import { fakeApi } from '@/features/positions/testing';
import { useDisplayCurrencyStore } from '@/stores/displayCurrencyStore';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { AccountsPage } from './AccountsPage';

vi.mock('@/api/accounts');
vi.mock('@/app/session/userApi');

const demo = {
  id: 3,
  number: '90000003',
  title: 'Practice',
  type: 'demo' as const,
  currency: 'EUR',
  balance: 9_500,
  credit_balance: 0,
};

describe('/main/accounts', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    vi.mocked(accountsApi.getTransfers).mockResolvedValue({
      data: [
        {
          id: 8,
          from_account_id: 1,
          to_account_id: 2,
          from_currency: 'USD',
          to_currency: 'USD',
          from_amount: 250,
          to_amount: 250,
          rate: 1,
          created_at: '2026-03-02T10:00:00.000Z',
        },
      ],
      meta: { current_page: 1, last_page: 1, per_page: 20, total: 1 },
      links: { next: null, prev: null },
    });
    useDisplayCurrencyStore.setState({ code: null });
    useSessionStore.setState({
      user: sessionUser({
        accounts: [
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
            balance: 2_000.5,
            credit_balance: 75,
          },
        ],
      }),
      selectedAccountIndex: 0,
    });
  });

  it('lists number, title, currency, balance and credit, and selects another account', () => {
    fakeApi({});
    renderRoutes([{ path: '*', element: <AccountsPage /> }], '/');
    const [live, swing] = screen.getAllByTestId('account-card');
    if (!live || !swing) throw new Error('cards missing');
    expect(live.textContent).toContain('Selected');
    expect(swing.textContent).toContain('Swing');
    expect(swing.textContent).toContain('10000002');
    expect(swing.textContent).toContain('USD');
    expect(swing.textContent).toContain('$2,000.50');
    expect(swing.textContent).toContain('$75.00');

    fireEvent.click(within(swing).getByRole('button', { name: /Select/ }));
    expect(useSessionStore.getState().selectedAccountIndex).toBe(1);
    expect(swing.textContent).toContain('Selected');
    expect(within(live).getByRole('button', { name: /Select/ })).toBeTruthy();
  });

  it("shows each card in the account's own currency until a display currency is chosen", async () => {
    const user = useSessionStore.getState().user;
    if (!user) throw new Error('no user');
    useSessionStore.setState({ user: { ...user, accounts: [...user.accounts, demo] } });
    fakeApi({});
    renderRoutes([{ path: '*', element: <AccountsPage /> }], '/');
    const euro = () => screen.getAllByTestId('account-card')[2] as HTMLElement;
    expect(euro().textContent).toContain('€9,500.00');
    expect(euro().textContent).not.toContain('$');

    // A chosen display currency converts at the shared data's rates (9,500 EUR ÷ 0.8 = 11,875 USD).
    act(() => useDisplayCurrencyStore.getState().setCode('USD'));
    await waitFor(() => expect(euro().textContent).toContain('$11,875.00'));
  });

  it('says so when the user has no accounts', () => {
    useSessionStore.setState({ user: sessionUser({ accounts: [] }) });
    fakeApi({});
    renderRoutes([{ path: '*', element: <AccountsPage /> }], '/');
    expect(screen.getByText('No trading accounts found')).toBeTruthy();
  });

  it('marks each account Live or Demo and lists the recent transfers', async () => {
    const user = useSessionStore.getState().user;
    if (!user) throw new Error('no user');
    useSessionStore.setState({ user: { ...user, accounts: [...user.accounts, demo] } });
    fakeApi({});
    renderRoutes([{ path: '*', element: <AccountsPage /> }], '/');
    const cards = screen.getAllByTestId('account-card');
    expect(cards.map((c) => within(c).getByTestId('account-type').textContent)).toEqual([
      'Live',
      'Live',
      'Demo — virtual funds',
    ]);
    expect(within(cards[0] as HTMLElement).queryByRole('button', { name: /Reset balance/ })).toBeNull();
    const row = await screen.findByTestId('transfer-row');
    expect(row.textContent).toContain('10000001');
    expect(row.textContent).toContain('10000002');
    expect(row.textContent).toContain('+$250.00');
  });

  it('resets a demo account after confirmation and reads the user again', async () => {
    const user = useSessionStore.getState().user;
    if (!user) throw new Error('no user');
    useSessionStore.setState({ user: { ...user, accounts: [...user.accounts, demo] } });
    vi.mocked(accountsApi.resetDemoAccount).mockResolvedValue(demo);
    vi.mocked(userApi.fetchCurrentUser).mockResolvedValue(user);
    fakeApi({});
    renderRoutes([{ path: '*', element: <AccountsPage /> }], '/');
    fireEvent.click(screen.getByRole('button', { name: 'Reset balance of Practice 90000003' }));
    expect(await screen.findByText('Reset demo balance?')).toBeTruthy();
    expect(accountsApi.resetDemoAccount).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Reset balance' }));
    await waitFor(() => expect(accountsApi.resetDemoAccount).toHaveBeenCalledWith(3, expect.any(String)));
    await waitFor(() => expect(userApi.fetchCurrentUser).toHaveBeenCalled());
  });

  it('offers transfers only with two live accounts (a demo does not count)', () => {
    const user = useSessionStore.getState().user;
    const first = user?.accounts[0];
    if (!user || !first) throw new Error('no user');
    useSessionStore.setState({ user: { ...user, accounts: [first, demo] } });
    fakeApi({});
    renderRoutes([{ path: '*', element: <AccountsPage /> }], '/');
    const transfer = screen.getByRole('button', { name: /Transfer between accounts/ }) as HTMLButtonElement;
    expect(transfer.disabled).toBe(true);
  });
});

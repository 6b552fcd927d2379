import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/features/positions/testing';
import { useDisplayCurrencyStore } from '@/stores/displayCurrencyStore';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { AccountsPage } from './AccountsPage';

describe('/main/accounts', () => {
  beforeEach(() => {
    useDisplayCurrencyStore.setState({ code: 'USD' });
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

  it('says so when the user has no accounts', () => {
    useSessionStore.setState({ user: sessionUser({ accounts: [] }) });
    fakeApi({});
    renderRoutes([{ path: '*', element: <AccountsPage /> }], '/');
    expect(screen.getByText('No trading accounts found')).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as accountsApi from '@/api/accounts';
import * as userApi from '@/app/session/userApi';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { httpError } from '@/test/http';
import { renderRoutes, toastTexts } from '@/test/render';
import { OpenAccountDialog } from './OpenAccountDialog';

vi.mock('@/api/accounts');
vi.mock('@/app/session/userApi');

const opened = {
  id: 9,
  number: '10000009',
  title: 'Demo',
  type: 'demo' as const,
  currency: 'EUR',
  balance: 10_000,
  credit_balance: 0,
};

function mount(onClose = vi.fn()) {
  renderRoutes([{ path: '*', element: <OpenAccountDialog onClose={onClose} /> }], '/');
  return onClose;
}

describe('Open account dialog', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    useSessionStore.setState({ user: sessionUser(), selectedAccountIndex: 0 });
    vi.mocked(accountsApi.getAccountOptions).mockResolvedValue({
      currencies: ['USD', 'EUR', 'GBP'],
      demo_balance: 10_000,
      max_accounts: 10,
    });
  });

  it('opens a demo account in a currency from the options, then reads the user again', async () => {
    vi.mocked(accountsApi.openAccount).mockResolvedValue(opened);
    const refreshed = sessionUser({ accounts: [opened] });
    vi.mocked(userApi.fetchCurrentUser).mockResolvedValue(refreshed);
    const onClose = mount();

    const currency = await screen.findByLabelText('Currency');
    await waitFor(() => expect((currency as HTMLSelectElement).value).toBe('USD'));
    expect(Array.from((currency as HTMLSelectElement).options).map((o) => o.value)).toEqual([
      '',
      'USD',
      'EUR',
      'GBP',
    ]);
    fireEvent.click(screen.getByLabelText('Demo'));
    fireEvent.change(currency, { target: { value: 'EUR' } });
    expect(screen.getByTestId('demo-note').textContent).toContain(
      'Demo — virtual funds: starts with €10,000.00',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Open account' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(accountsApi.openAccount).toHaveBeenCalledWith(
      { type: 'demo', currency: 'EUR' },
      expect.any(String),
    );
    expect(userApi.fetchCurrentUser).toHaveBeenCalledWith(0);
    expect(useSessionStore.getState().user?.accounts).toEqual([opened]);
    await waitFor(() => expect(toastTexts().join()).toContain('Demo account 10000009 opened'));
  });

  it('shows the server’s field message beside the field', async () => {
    vi.mocked(accountsApi.openAccount).mockRejectedValue(
      httpError(422, {
        message: 'Invalid',
        code: 'VALIDATION',
        errors: { currency: ['EUR is not offered'] },
      }),
    );
    const onClose = mount();
    await waitFor(() => expect((screen.getByLabelText('Currency') as HTMLSelectElement).value).toBe('USD'));
    fireEvent.change(screen.getByLabelText('Name (optional)'), { target: { value: 'Euro pot' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open account' }));
    expect(await screen.findByText('EUR is not offered')).toBeTruthy();
    expect(accountsApi.openAccount).toHaveBeenCalledWith(
      { type: 'live', currency: 'USD', title: 'Euro pot' },
      expect.any(String),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});

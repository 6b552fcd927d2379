import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/features/positions/testing';
import { DISPLAY_CURRENCY_STORAGE_KEY, useDisplayCurrencyStore } from '@/stores/displayCurrencyStore';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { Money } from './Money';

describe('<Money> in the account or display currency', () => {
  beforeEach(() => {
    useSessionStore.setState({
      user: sessionUser({
        accounts: [
          {
            id: 1,
            number: '1',
            title: 'Live',
            type: 'live' as const,
            currency: 'USD',
            balance: 0,
            credit_balance: 0,
          },
        ],
      }),
      selectedAccountIndex: 0,
    });
    localStorage.removeItem(DISPLAY_CURRENCY_STORAGE_KEY);
    useDisplayCurrencyStore.setState({ code: null });
  });

  it('defaults to the account currency: USD for a USD account', () => {
    expect(useDisplayCurrencyStore.getInitialState().code).toBeNull();
    fakeApi({});
    renderRoutes([{ path: '*', element: <Money amount={1234.5} /> }], '/');
    expect(screen.getByText('$1,234.50')).toBeTruthy();
  });

  it('shows a EUR account’s amounts in EUR until a display currency is chosen', async () => {
    const user = useSessionStore.getState().user;
    const usd = user?.accounts[0];
    if (!user || !usd) throw new Error('no user');
    useSessionStore.setState({ user: { ...user, accounts: [{ ...usd, currency: 'EUR' }] } });
    fakeApi({});
    renderRoutes(
      [
        {
          path: '*',
          element: (
            <>
              <Money amount={1_000} />
              <Money amount={25} currency="GBP" />
            </>
          ),
        },
      ],
      '/',
    );
    expect(screen.getByText('€1,000.00')).toBeTruthy();
    expect(screen.getByText('£25.00')).toBeTruthy();
    // Choosing USD converts at the shared data's rates (1,000 EUR ÷ 0.8 = 1,250 USD).
    act(() => useDisplayCurrencyStore.getState().setCode('USD'));
    await waitFor(() => expect(screen.getByText('$1,250.00')).toBeTruthy());
  });

  it('converts account amounts at the shared data rates once they arrive', async () => {
    useDisplayCurrencyStore.getState().setCode('JPY');
    fakeApi({});
    renderRoutes(
      [
        {
          path: '*',
          element: (
            <>
              <Money amount={10} />
              <Money amount={-2} pnl />
              <Money amount={8} currency="EUR" />
            </>
          ),
        },
      ],
      '/',
    );
    // 10 USD × 150; −2 USD × 150 in red; 8 EUR = 10 USD = 1,500 JPY.
    await waitFor(() => expect(screen.getAllByText('¥1,500.00')).toHaveLength(2));
    const loss = screen.getByText('-¥300.00');
    expect(loss.className).toContain('text-sell');
  });

  it('keeps a valid stored code and refuses anything else', async () => {
    localStorage.setItem(
      DISPLAY_CURRENCY_STORAGE_KEY,
      JSON.stringify({ state: { code: 'GBP' }, version: 1 }),
    );
    await useDisplayCurrencyStore.persist.rehydrate();
    expect(useDisplayCurrencyStore.getState().code).toBe('GBP');

    localStorage.setItem(
      DISPLAY_CURRENCY_STORAGE_KEY,
      JSON.stringify({ state: { code: '<b>' }, version: 1 }),
    );
    useDisplayCurrencyStore.setState({ code: 'USD' });
    await useDisplayCurrencyStore.persist.rehydrate();
    expect(useDisplayCurrencyStore.getState().code).toBe('USD');

    useDisplayCurrencyStore.getState().setCode('nope!');
    expect(useDisplayCurrencyStore.getState().code).toBe('USD');
    useDisplayCurrencyStore.getState().setCode('eur');
    expect(useDisplayCurrencyStore.getState().code).toBe('EUR');
  });

  it('clears the choice back to the account currency, and remembers that too', async () => {
    useDisplayCurrencyStore.getState().setCode('EUR');
    useDisplayCurrencyStore.getState().setCode(null);
    expect(useDisplayCurrencyStore.getState().code).toBeNull();
    useDisplayCurrencyStore.getState().setCode('EUR');
    useDisplayCurrencyStore.getState().setCode('');
    expect(useDisplayCurrencyStore.getState().code).toBeNull();
    expect(localStorage.getItem(DISPLAY_CURRENCY_STORAGE_KEY)).toContain('"code":null');

    useDisplayCurrencyStore.setState({ code: 'GBP' });
    localStorage.setItem(DISPLAY_CURRENCY_STORAGE_KEY, JSON.stringify({ state: { code: null }, version: 1 }));
    await useDisplayCurrencyStore.persist.rehydrate();
    expect(useDisplayCurrencyStore.getState().code).toBeNull();
  });
});

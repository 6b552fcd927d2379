import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/features/positions/testing';
import {
  DEFAULT_DISPLAY_CURRENCY,
  DISPLAY_CURRENCY_STORAGE_KEY,
  useDisplayCurrencyStore,
} from '@/stores/displayCurrencyStore';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { Money } from './Money';

describe('<Money> in the display currency', () => {
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
    useDisplayCurrencyStore.setState({ code: DEFAULT_DISPLAY_CURRENCY });
  });

  it('defaults to USD', () => {
    expect(DEFAULT_DISPLAY_CURRENCY).toBe('USD');
    fakeApi({});
    renderRoutes([{ path: '*', element: <Money amount={1234.5} /> }], '/');
    expect(screen.getByText('$1,234.50')).toBeTruthy();
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
});

import { DEFAULT_PREFERENCES, type Preferences, type PreferencesUpdate } from '@openbroker/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AxiosHeaders, type AxiosResponse } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { fakeApi } from '@/features/positions/testing';
import { applyLanguage, i18n } from '@/i18n/i18n';
import { startLanguageSync } from '@/i18n/languageSync';
import { DISPLAY_CURRENCY_STORAGE_KEY, useDisplayCurrencyStore } from '@/stores/displayCurrencyStore';
import { usePreferencesStore } from '@/stores/preferencesStore';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { PreferencesCard } from './PreferencesCard';
import { applyPreferences } from './usePreferencesSync';

function ok<T>(data: T): AxiosResponse<T> {
  return { data, status: 200, statusText: 'OK', headers: {}, config: { headers: new AxiosHeaders() } };
}

describe('display currency preference', () => {
  let saved: Preferences;

  beforeEach(() => {
    localStorage.removeItem(DISPLAY_CURRENCY_STORAGE_KEY);
    saved = DEFAULT_PREFERENCES;
    usePreferencesStore.setState({ prefs: DEFAULT_PREFERENCES });
    useDisplayCurrencyStore.setState({ code: null });
    useSessionStore.setState({
      user: sessionUser({
        accounts: [
          {
            id: 7,
            number: '10000007',
            title: 'Euro',
            type: 'live' as const,
            currency: 'EUR',
            balance: 1_000,
            credit_balance: 0,
          },
        ],
      }),
      selectedAccountIndex: 0,
    });
    vi.spyOn(api, 'put').mockImplementation(async (_url: string, update?: unknown) => {
      saved = { ...saved, ...(update as PreferencesUpdate) };
      return ok({ data: saved });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('defaults to the account currency, saves a chosen one and clears it again', async () => {
    fakeApi({});
    renderRoutes([{ path: '*', element: <PreferencesCard /> }], '/');
    const select = screen.getByLabelText('Display currency') as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(within(select).getAllByRole('option')[0]?.textContent).toBe('Account currency (EUR)');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(4));

    fireEvent.change(select, { target: { value: 'USD' } });
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/security/preferences', { display_currency: 'USD' }),
    );
    expect(useDisplayCurrencyStore.getState().code).toBe('USD');

    fireEvent.change(select, { target: { value: '' } });
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/security/preferences', { display_currency: null }),
    );
    expect(useDisplayCurrencyStore.getState().code).toBeNull();
    await waitFor(() => expect(usePreferencesStore.getState().prefs.display_currency).toBeNull());
  });

  it("takes the server's choice, or its absence, into the local store", () => {
    applyPreferences({ ...DEFAULT_PREFERENCES, display_currency: 'JPY' });
    expect(useDisplayCurrencyStore.getState().code).toBe('JPY');
    applyPreferences(DEFAULT_PREFERENCES);
    expect(useDisplayCurrencyStore.getState().code).toBeNull();
  });

  it('switches the page to Spanish as soon as Español is chosen, and offers the theme beside it', async () => {
    fakeApi({});
    const { stop } = startLanguageSync();
    try {
      applyLanguage('en');
      renderRoutes([{ path: '*', element: <PreferencesCard /> }], '/');
      expect(screen.getByLabelText('Theme')).toBe(screen.getByTestId('theme-select'));
      const language = screen.getByLabelText('Language') as HTMLSelectElement;
      expect(
        within(language)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['English', 'Español']);

      fireEvent.change(language, { target: { value: 'es' } });
      // Before the server has answered: the choice applies at once.
      expect(await screen.findByLabelText('Idioma')).toBe(language);
      expect(screen.getByText('Preferencias')).toBeTruthy();
      expect(screen.getByLabelText('Tema')).toBeTruthy();
      expect(i18n.language).toBe('es');
      expect(document.documentElement.lang).toBe('es');
      await waitFor(() => expect(api.put).toHaveBeenCalledWith('/security/preferences', { language: 'es' }));
    } finally {
      stop();
      applyLanguage('en');
    }
  });
});

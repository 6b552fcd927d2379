import type { Preferences } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDisplayCurrencyStore } from '@/stores/displayCurrencyStore';
import { usePreferencesStore } from '@/stores/preferencesStore';
import { useSessionStore } from '@/stores/sessionStore';
import { fetchPreferences, savePreferences, securityKeys } from './securityApi';

/**
 * Puts the server's preferences into the local stores (the currency keeps SPEC's own key; null
 * there means no display currency: amounts in their own account's currency).
 */
export function applyPreferences(prefs: Preferences): void {
  usePreferencesStore.getState().setPrefs(prefs);
  useDisplayCurrencyStore.getState().setCode(prefs.display_currency);
}

/** Loads the signed-in customer's preferences once per session, so they follow the user between devices. */
export function usePreferencesSync(): void {
  const isCustomer = useSessionStore((s) => s.user?.role === 'customer');
  const query = useQuery({
    queryKey: securityKeys.preferences,
    queryFn: fetchPreferences,
    enabled: isCustomer,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (query.data) applyPreferences(query.data);
  }, [query.data]);
  // A currency picked (or cleared) elsewhere (the account menu) is saved too, so it follows the user.
  useEffect(() => {
    if (!isCustomer) return;
    return useDisplayCurrencyStore.subscribe((state, previous) => {
      if (state.code === previous.code) return;
      if (state.code === usePreferencesStore.getState().prefs.display_currency) return;
      savePreferences({ display_currency: state.code })
        .then((prefs) => usePreferencesStore.getState().setPrefs(prefs))
        .catch((error: unknown) => console.error('Display currency could not be saved', error));
    });
  }, [isCustomer]);
}

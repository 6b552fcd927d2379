import { PREFERENCES_STORAGE_KEY, usePreferencesStore } from '@/stores/preferencesStore';
import { applyLanguage } from './i18n';
import { browserLanguage } from './language';

/**
 * Keeps the UI language on the user's preference: the stored one from the first paint, the
 * browser's before anything was ever stored, and every change the settings page (or the server's
 * copy after sign-in) makes.
 */
export function startLanguageSync(): { ready: Promise<void>; stop: () => void } {
  const stored = localStorage.getItem(PREFERENCES_STORAGE_KEY) !== null;
  const ready = applyLanguage(stored ? usePreferencesStore.getState().prefs.language : browserLanguage());
  const stop = usePreferencesStore.subscribe((state, previous) => {
    if (state.prefs.language !== previous.prefs.language) void applyLanguage(state.prefs.language);
  });
  return { ready, stop };
}

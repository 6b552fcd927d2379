import { DEFAULT_PREFERENCES, type Preferences, resolvePreferences } from '@openbroker/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The signed-in user's preferences (sounds, notification kinds, language, time zone). The server
 * keeps the truth (`/security/preferences`) so they follow the user; this copy is kept locally so
 * the sound setting holds from the first moment, before the server answers. The display currency
 * stays in its own store under SPEC's `display-currency` key.
 */
export const PREFERENCES_STORAGE_KEY = 'user-preferences';

interface PreferencesState {
  prefs: Preferences;
  setPrefs: (prefs: Preferences) => void;
}

export const usePreferencesStore = create<PreferencesState>()(
  persist(
    (set) => ({
      prefs: DEFAULT_PREFERENCES,
      setPrefs: (prefs) => set({ prefs }),
    }),
    {
      name: PREFERENCES_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ prefs: s.prefs }),
      version: 1,
      merge: (persisted, current) => ({
        ...current,
        prefs: resolvePreferences(
          typeof persisted === 'object' && persisted !== null && 'prefs' in persisted
            ? persisted.prefs
            : null,
        ),
      }),
    },
  ),
);

/** Whether sounds may play (read outside React by the sound players). */
export const soundsEnabled = (): boolean => usePreferencesStore.getState().prefs.sounds;

/** The chosen IANA zone for displayed times, or undefined for the browser's own. */
export const displayTimeZone = (): string | undefined =>
  usePreferencesStore.getState().prefs.time_zone ?? undefined;

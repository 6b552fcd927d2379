import { type SiteSettings, siteSettingsSchema } from '@openbroker/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { MissingBaseUrlError, NO_BASE_URL_MESSAGE } from '@/api/baseUrl';
import { api, type Envelope } from '@/api/client';

/** SPEC §8: the words shown (and stored) when settings cannot be loaded. */
export const SETTINGS_FETCH_FAILED = 'Failed to fetch site settings. The site might be unreachable.';

/** SPEC §9 leaves the name open; this is ours. */
export const SETTINGS_STORAGE_KEY = 'site-settings';

export interface SettingsState {
  settings: SiteSettings | null;
  /** When settings last arrived from the server (ms since epoch). */
  lastFetched: number | null;
  error: string | null;
  /** True once a fetch has finished at least once, successfully or not. */
  initialized: boolean;
  isLoading: boolean;
  fetchSettings: () => Promise<void>;
}

// Concurrent callers (the gate on mount, a "Try Again" click) share one request.
let inFlight: Promise<void> | null = null;

async function loadSettings(): Promise<SiteSettings> {
  const response = await api.get<Envelope<unknown>>('/settings');
  // Parsed, not trusted: a malformed answer counts as "missing settings" and shows Site Unreachable.
  return siteSettingsSchema.parse(response.data.data);
}

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      settings: null,
      lastFetched: null,
      error: null,
      initialized: false,
      isLoading: false,
      fetchSettings: () => {
        if (inFlight) return inFlight;
        set({ isLoading: true });
        inFlight = loadSettings()
          .then((settings) => {
            set({ settings, lastFetched: Date.now(), error: null, initialized: true, isLoading: false });
          })
          .catch((error: unknown) => {
            const message =
              error instanceof MissingBaseUrlError ? NO_BASE_URL_MESSAGE : SETTINGS_FETCH_FAILED;
            set({ error: message, initialized: true, isLoading: false });
          })
          .finally(() => {
            inFlight = null;
          });
        return inFlight;
      },
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({
        settings: state.settings,
        lastFetched: state.lastFetched,
        error: state.error,
        initialized: state.initialized,
      }),
      version: 1,
    },
  ),
);

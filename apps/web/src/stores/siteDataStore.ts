import { type CategoryLeverage, type SiteData, siteDataSchema } from '@openbroker/domain';
import { create } from 'zustand';
import { api, type Envelope } from '@/api/client';

/** SPEC §8: the words recorded when `GET /data` fails. */
export const SITE_DATA_FETCH_FAILED = 'Failed to fetch site data. Please try again later.';

/** SPEC §4 Site data: idle, loading, loaded or error. */
export type SiteDataStatus = 'idle' | 'loading' | 'loaded' | 'error';

export interface SiteDataState {
  data: SiteData | null;
  /** Per-category leverage when the server gave it (feed to the domain's `categoryLeverage`). */
  leverage: Partial<CategoryLeverage> | null;
  status: SiteDataStatus;
  error: string | null;
  fetchSiteData: () => Promise<void>;
}

let inFlight: Promise<void> | null = null;

async function loadSiteData(): Promise<SiteData> {
  const response = await api.get<Envelope<unknown>>('/data');
  return siteDataSchema.parse(response.data.data);
}

/** SPEC §3/§4 site data (`GET /data`), loaded once after the current user. Not persisted. */
export const useSiteDataStore = create<SiteDataState>()((set) => ({
  data: null,
  leverage: null,
  status: 'idle',
  error: null,
  fetchSiteData: () => {
    if (inFlight) return inFlight;
    set({ status: 'loading', error: null });
    inFlight = loadSiteData()
      .then((data) => {
        set({ data, leverage: data.leverage ?? null, status: 'loaded', error: null });
      })
      .catch(() => {
        set({ status: 'error', error: SITE_DATA_FETCH_FAILED });
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  },
}));

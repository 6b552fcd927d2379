import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { ok } from '@/test/http';
import { SITE_DATA_FETCH_FAILED, useSiteDataStore } from './siteDataStore';

const state = () => useSiteDataStore.getState();

describe('site data (SPEC §3, §4 Site data, GET /data)', () => {
  beforeEach(() => {
    useSiteDataStore.setState(useSiteDataStore.getInitialState(), true);
  });

  it('goes idle → loading → loaded and keeps the leverage per category', async () => {
    const leverage = { cryptos: 50, stocks: 10, indices: 100, commodities: 100, metals: 100, forex: 200 };
    const get = vi.spyOn(api, 'get').mockResolvedValue(ok({ data: { leverage } }));
    expect(state().status).toBe('idle');
    const pending = state().fetchSiteData();
    expect(state().status).toBe('loading');
    await pending;
    expect(get).toHaveBeenCalledWith('/data');
    expect(state()).toMatchObject({ status: 'loaded', error: null, leverage });
  });

  it("records SPEC's message when the call fails or the answer is malformed", async () => {
    vi.spyOn(api, 'get').mockRejectedValueOnce(new Error('offline'));
    await state().fetchSiteData();
    expect(state()).toMatchObject({ status: 'error', error: SITE_DATA_FETCH_FAILED });
    expect(SITE_DATA_FETCH_FAILED).toBe('Failed to fetch site data. Please try again later.');

    vi.spyOn(api, 'get').mockResolvedValueOnce(ok({ data: { leverage: { forex: 'lots' } } }));
    await state().fetchSiteData();
    expect(state().status).toBe('error');
  });
});

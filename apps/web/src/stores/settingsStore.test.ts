import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { setPageUrl, siteSettings } from '@/test/fixtures';
import { SETTINGS_FETCH_FAILED, SETTINGS_STORAGE_KEY, useSettingsStore } from './settingsStore';

function respondWith(data: unknown) {
  return vi
    .spyOn(api, 'get')
    .mockResolvedValue({ data, status: 200, statusText: '', headers: {}, config: {} });
}

describe('settingsStore', () => {
  beforeEach(() => {
    useSettingsStore.setState(useSettingsStore.getInitialState(), true);
  });
  afterEach(() => {
    window.__OPENBROKER__ = undefined;
  });

  it('loads settings from GET /settings and persists them under site-settings', async () => {
    const settings = siteSettings({ name: 'Northwind FX' });
    const get = respondWith({ data: settings });
    const before = Date.now();
    await useSettingsStore.getState().fetchSettings();

    expect(get).toHaveBeenCalledWith('/settings');
    const state = useSettingsStore.getState();
    expect(state.settings).toEqual(settings);
    expect(state.error).toBeNull();
    expect(state.initialized).toBe(true);
    expect(state.isLoading).toBe(false);
    expect(state.lastFetched).toBeGreaterThanOrEqual(before);

    const stored = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}');
    expect(stored.state).toMatchObject({ settings, initialized: true, error: null });
    expect(stored.state.lastFetched).toBe(state.lastFetched);
    expect(SETTINGS_STORAGE_KEY).toBe('site-settings');
  });

  it("records SPEC's message when the request fails", async () => {
    vi.spyOn(api, 'get').mockRejectedValue(new Error('Network Error'));
    await useSettingsStore.getState().fetchSettings();
    const state = useSettingsStore.getState();
    expect(state.error).toBe('Failed to fetch site settings. The site might be unreachable.');
    expect(SETTINGS_FETCH_FAILED).toBe(state.error);
    expect(state.initialized).toBe(true);
    expect(state.isLoading).toBe(false);
  });

  it('treats a malformed answer as a failure', async () => {
    respondWith({ data: { name: 'No status' } });
    await useSettingsStore.getState().fetchSettings();
    expect(useSettingsStore.getState().error).toBe(SETTINGS_FETCH_FAILED);
    expect(useSettingsStore.getState().settings).toBeNull();
  });

  it("aborts with 'No base URL configured' when no API address can be found", async () => {
    const get = vi.spyOn(api, 'get');
    const original = window.location.href;
    setPageUrl('about:blank');
    try {
      await useSettingsStore.getState().fetchSettings();
    } finally {
      setPageUrl(original);
    }
    expect(get).toHaveBeenCalled();
    expect(useSettingsStore.getState().error).toBe('No base URL configured');
  });

  it('clears an earlier error once a fetch succeeds', async () => {
    useSettingsStore.setState({ error: SETTINGS_FETCH_FAILED, initialized: true });
    respondWith({ data: siteSettings() });
    await useSettingsStore.getState().fetchSettings();
    expect(useSettingsStore.getState().error).toBeNull();
  });

  it('shares one request between concurrent callers', async () => {
    const get = respondWith({ data: siteSettings() });
    await Promise.all([
      useSettingsStore.getState().fetchSettings(),
      useSettingsStore.getState().fetchSettings(),
    ]);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('shows it is loading while the request is in flight', async () => {
    let resolve: (value: unknown) => void = () => {};
    vi.spyOn(api, 'get').mockReturnValue(
      new Promise((r) => {
        resolve = r;
      }),
    );
    const pending = useSettingsStore.getState().fetchSettings();
    expect(useSettingsStore.getState().isLoading).toBe(true);
    resolve({ data: { data: siteSettings() } });
    await pending;
    expect(useSettingsStore.getState().isLoading).toBe(false);
  });
});

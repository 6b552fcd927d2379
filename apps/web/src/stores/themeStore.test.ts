import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, resolveTheme, startThemeSync, THEME_STORAGE_KEY, useThemeStore } from './themeStore';

/** A controllable `prefers-color-scheme: light` query. */
function fakeSystemTheme(light: boolean) {
  const listeners = new Set<() => void>();
  const state = { light };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query.includes('light') ? state.light : !state.light;
        },
        media: query,
        addEventListener: (_: string, l: () => void) => listeners.add(l),
        removeEventListener: (_: string, l: () => void) => listeners.delete(l),
      }) as unknown as MediaQueryList,
  );
  return {
    set(next: boolean) {
      state.light = next;
      for (const l of listeners) l();
    },
  };
}

describe('theme store', () => {
  beforeEach(() => {
    useThemeStore.setState({ theme: 'dark' });
  });
  afterEach(() => {
    delete document.documentElement.dataset.theme;
    document.documentElement.style.colorScheme = '';
  });

  it("defaults to dark; 'system' follows the device (dark unless it asks for light)", () => {
    expect(useThemeStore.getState().theme).toBe('dark');
    expect(resolveTheme('system', false)).toBe('dark');
    expect(resolveTheme('system', true)).toBe('light');
    expect(resolveTheme('dark', true)).toBe('dark');
    expect(resolveTheme('light', false)).toBe('light');
  });

  it('persists the choice on this device and ignores values it does not know', () => {
    useThemeStore.getState().setTheme('light');
    expect(JSON.parse(localStorage.getItem(THEME_STORAGE_KEY) ?? '{}').state).toEqual({ theme: 'light' });
    useThemeStore.getState().setTheme('sepia' as never);
    expect(useThemeStore.getState().theme).toBe('light');
  });

  it('puts the theme on <html> as data-theme and color-scheme', () => {
    applyTheme('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.documentElement.style.colorScheme).toBe('light');
  });

  it('applies at start, on every change of choice, and on system changes while on system', () => {
    const system = fakeSystemTheme(true);
    useThemeStore.setState({ theme: 'system' });
    const stop = startThemeSync();
    expect(document.documentElement.dataset.theme).toBe('light');

    system.set(false);
    expect(document.documentElement.dataset.theme).toBe('dark');

    useThemeStore.getState().setTheme('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    // An explicit choice is not overridden by the system setting.
    system.set(false);
    expect(document.documentElement.dataset.theme).toBe('light');

    useThemeStore.getState().setTheme('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    stop();
    useThemeStore.getState().setTheme('light');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});

import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The device's colour theme choice: 'system' follows the operating system's light/dark setting. */
export type ThemeChoice = 'system' | 'dark' | 'light';
export type ResolvedTheme = 'dark' | 'light';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'dark', 'light'];
/** Kept on this device only (like the display currency): a phone and a desk may want different ones. */
export const THEME_STORAGE_KEY = 'theme';

/** The page background per theme (index.css `--background`), for the browser's `theme-color`. */
const THEME_COLOR: Record<ResolvedTheme, string> = { dark: '#0b0e14', light: '#f5f7fa' };
const LIGHT_QUERY = '(prefers-color-scheme: light)';

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return value === 'system' || value === 'dark' || value === 'light';
}

interface ThemeState {
  theme: ThemeChoice;
  setTheme: (theme: ThemeChoice) => void;
}

export const useThemeStore = create<ThemeState>()(
  persist(
    (set) => ({
      // Dark is the product's designed look (a trading screen watched for hours); light and the
      // system's setting are a choice away in Settings.
      theme: 'dark',
      setTheme: (theme) => {
        if (isThemeChoice(theme)) set({ theme });
      },
    }),
    {
      name: THEME_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ theme: s.theme }),
      version: 1,
      merge: (persisted, current) => {
        const stored =
          typeof persisted === 'object' && persisted !== null && 'theme' in persisted
            ? persisted.theme
            : undefined;
        return { ...current, theme: isThemeChoice(stored) ? stored : 'dark' };
      },
    },
  ),
);

/** Whether the operating system asks for a light theme (dark is the product's default). */
export function systemPrefersLight(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(LIGHT_QUERY).matches
    : false;
}

export function resolveTheme(choice: ThemeChoice, prefersLight = systemPrefersLight()): ResolvedTheme {
  if (choice === 'system') return prefersLight ? 'light' : 'dark';
  return choice;
}

/** Puts a theme on the page: `<html data-theme>`, `color-scheme` and the browser's theme colour. */
export function applyTheme(theme: ResolvedTheme): void {
  if (typeof document === 'undefined') return;
  const html = document.documentElement;
  html.dataset.theme = theme;
  html.style.colorScheme = theme;
  html.style.backgroundColor = THEME_COLOR[theme];
  document.head.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[theme]);
}

/**
 * Applies the stored theme now (call before the first render) and keeps the page on it: on every
 * change of the choice and, while the choice is 'system', on every change of the system setting.
 */
export function startThemeSync(): () => void {
  const apply = () => applyTheme(resolveTheme(useThemeStore.getState().theme));
  apply();
  const unsubscribe = useThemeStore.subscribe((state, previous) => {
    if (state.theme !== previous.theme) apply();
  });
  const query =
    typeof window !== 'undefined' && typeof window.matchMedia === 'function'
      ? window.matchMedia(LIGHT_QUERY)
      : null;
  const onSystemChange = () => {
    if (useThemeStore.getState().theme === 'system') apply();
  };
  query?.addEventListener?.('change', onSystemChange);
  return () => {
    unsubscribe();
    query?.removeEventListener?.('change', onSystemChange);
  };
}

function subscribeToSystemTheme(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(LIGHT_QUERY);
  query.addEventListener?.('change', onChange);
  return () => query.removeEventListener?.('change', onChange);
}

/** The theme the page shows now: the choice, with 'system' resolved (and followed while it changes). */
export function useResolvedTheme(): ResolvedTheme {
  const choice = useThemeStore((s) => s.theme);
  const prefersLight = useSyncExternalStore(subscribeToSystemTheme, systemPrefersLight, () => false);
  return resolveTheme(choice, prefersLight);
}

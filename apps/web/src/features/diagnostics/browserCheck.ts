import type { CheckResult } from './checkTypes';

/** What the page reads from the browser; a parameter so tests can describe any device. */
export interface BrowserFacts {
  userAgent: string;
  language: string;
  timeZone: string;
  screen: { width: number; height: number };
  viewport: { width: number; height: number };
  pixelRatio: number;
  online: boolean;
  cookiesEnabled: boolean;
}

export function readBrowserFacts(): BrowserFacts {
  return {
    userAgent: navigator.userAgent,
    language: [...new Set([navigator.language, ...(navigator.languages ?? [])])].filter(Boolean).join(', '),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'unknown',
    screen: { width: window.screen.width, height: window.screen.height },
    viewport: { width: window.innerWidth, height: window.innerHeight },
    pixelRatio: window.devicePixelRatio || 1,
    online: navigator.onLine,
    cookiesEnabled: navigator.cookieEnabled,
  };
}

export function summarizeBrowser(facts: BrowserFacts): CheckResult {
  const rows = [
    { label: 'Browser', value: facts.userAgent },
    { label: 'Language', value: facts.language || 'unknown' },
    { label: 'Time zone', value: facts.timeZone },
    { label: 'Screen', value: `${facts.screen.width} × ${facts.screen.height}` },
    { label: 'Window', value: `${facts.viewport.width} × ${facts.viewport.height}` },
    { label: 'Pixel ratio', value: String(Math.round(facts.pixelRatio * 100) / 100) },
    { label: 'Network', value: facts.online ? 'online' : 'offline' },
    { label: 'Cookies', value: facts.cookiesEnabled ? 'enabled' : 'disabled' },
  ];
  const base = { key: 'browser', title: 'Browser and screen', rows };
  if (!facts.online) return { ...base, level: 'failed', summary: 'The browser says this device is offline.' };
  // The session lives in a cookie (DESIGN §4): without cookies every page after sign-in fails.
  if (!facts.cookiesEnabled) {
    return { ...base, level: 'failed', summary: 'Cookies are disabled; signing in needs them.' };
  }
  return { ...base, level: 'ok', summary: 'Online, cookies enabled.' };
}

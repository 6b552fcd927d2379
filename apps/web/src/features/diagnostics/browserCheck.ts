import { formatNumber } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';
import type enAccount from '@/i18n/locales/en/account';
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
    timeZone:
      Intl.DateTimeFormat().resolvedOptions().timeZone || i18n.t('account:diagnostics.browser.unknown'),
    screen: { width: window.screen.width, height: window.screen.height },
    viewport: { width: window.innerWidth, height: window.innerHeight },
    pixelRatio: window.devicePixelRatio || 1,
    online: navigator.onLine,
    cookiesEnabled: navigator.cookieEnabled,
  };
}

type BrowserText = keyof typeof enAccount.diagnostics.browser;

export function summarizeBrowser(facts: BrowserFacts): CheckResult {
  const b = (key: BrowserText): string => i18n.t(`account:diagnostics.browser.${key}`);
  const rows = [
    { label: b('browser'), value: facts.userAgent },
    { label: b('language'), value: facts.language || b('unknown') },
    { label: b('zone'), value: facts.timeZone },
    { label: b('screen'), value: `${facts.screen.width} × ${facts.screen.height}` },
    { label: b('window'), value: `${facts.viewport.width} × ${facts.viewport.height}` },
    { label: b('pixelRatio'), value: formatNumber(Math.round(facts.pixelRatio * 100) / 100) },
    { label: b('network'), value: facts.online ? b('online') : b('offline') },
    { label: b('cookies'), value: facts.cookiesEnabled ? b('enabled') : b('disabled') },
  ];
  const base = { key: 'browser', title: b('title'), rows };
  if (!facts.online) return { ...base, level: 'failed', summary: b('isOffline') };
  // The session lives in a cookie (DESIGN §4): without cookies every page after sign-in fails.
  if (!facts.cookiesEnabled) return { ...base, level: 'failed', summary: b('noCookies') };
  return { ...base, level: 'ok', summary: b('ok') };
}

import { LANGUAGES, type LanguageCode } from '@openbroker/domain';

/**
 * A pseudo-locale for right-to-left checks: English text shown right to left with the page in
 * `dir="rtl"`, so a layout that only works left to right shows it. Never offered to customers; a
 * tester turns it on with `localStorage['openbroker-pseudo-locale'] = 'ar-XB'`.
 */
export const PSEUDO_RTL = 'ar-XB';
export const PSEUDO_LOCALE_KEY = 'openbroker-pseudo-locale';

export type UiLanguage = LanguageCode | typeof PSEUDO_RTL;

const CODES = new Set<string>(LANGUAGES.map((l) => l.code));

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && CODES.has(value);
}

/** The `Intl` locale for a UI language (the pseudo-locale formats as English). */
export function intlTagOf(language: string): string {
  return LANGUAGES.find((l) => l.code === language)?.intl ?? 'en-US';
}

export function directionOf(language: string): 'ltr' | 'rtl' {
  return language === PSEUDO_RTL ? 'rtl' : 'ltr';
}

export function pseudoLocaleRequested(): boolean {
  try {
    return localStorage.getItem(PSEUDO_LOCALE_KEY) === PSEUDO_RTL;
  } catch {
    return false;
  }
}

/** The browser's first language we speak, else English (before any preference is known). */
export function browserLanguage(): LanguageCode {
  const wanted = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of wanted) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguageCode(base)) return base;
  }
  return 'en';
}

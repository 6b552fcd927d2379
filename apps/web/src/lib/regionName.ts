import { intlLocale } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';

const cache = new Map<string, Intl.DisplayNames | null>();

function displayNames(locale: string): Intl.DisplayNames | null {
  if (!cache.has(locale)) {
    try {
      cache.set(locale, new Intl.DisplayNames([locale], { type: 'region' }));
    } catch {
      cache.set(locale, null);
    }
  }
  return cache.get(locale) ?? null;
}

/**
 * A country's name in the reader's language, from its ISO 3166 code. English keeps the product's
 * own list wording (`englishLabel`, SPEC §3) so nothing changes for English readers.
 */
export function regionName(code: string | undefined, englishLabel: string): string {
  if (!code || i18n.language === 'en' || i18n.language.startsWith('en-')) return englishLabel;
  return displayNames(intlLocale())?.of(code.toUpperCase()) ?? englishLabel;
}

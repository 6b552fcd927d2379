import i18next, { type BackendModule, type PostProcessorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { directionOf, PSEUDO_RTL, pseudoLocaleRequested, type UiLanguage } from './language';
import {
  ADMIN_NAMESPACES,
  BUNDLED_EN,
  type Catalogue,
  CUSTOMER_NAMESPACES,
  loadCatalogue,
  SHELL_NAMESPACES,
} from './resources';

/**
 * Wraps each translated string in right-to-left override marks so Latin text reads backwards, as
 * Chromium's ar-XB does: an untranslated string or a left-to-right-only layout stands out.
 */
const pseudoRtl: PostProcessorModule = {
  type: 'postProcessor',
  name: 'pseudoRtl',
  process: (value: string) => `\u202e${value}\u202c`,
};

/**
 * Spanish has a third plural form, `many` (1,000,000 → "many"), which English catalogues do not
 * have: each `x_other` lends its text to a missing `x_many`, so a count of a million never falls
 * back to English.
 */
export function withManyForms<T extends Catalogue>(catalogue: T): T {
  const out: Record<string, string | Catalogue> = {};
  for (const [key, value] of Object.entries(catalogue)) {
    out[key] = typeof value === 'string' ? value : withManyForms(value);
    const base = key.endsWith('_other') ? key.slice(0, -'_other'.length) : null;
    if (base !== null && typeof value === 'string' && !(`${base}_many` in catalogue))
      out[`${base}_many`] = value;
  }
  return out as T;
}

/** Fetches a catalogue that did not ship with the app (Spanish, the back office's) on first use. */
const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    loadCatalogue(language, namespace).then(
      (catalogue) =>
        callback(null, catalogue ? (language === 'es' ? withManyForms(catalogue) : catalogue) : {}),
      (error: Error) => callback(error, null),
    );
  },
};

export const i18n = i18next.createInstance();

i18n
  .use(initReactI18next)
  .use(pseudoRtl)
  .use(lazyCatalogues)
  .init({
    resources: { en: BUNDLED_EN },
    partialBundledLanguages: true,
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en', 'es', PSEUDO_RTL],
    defaultNS: 'common',
    // The shell's; the customer's and the back office's areas join when their screens load.
    ns: SHELL_NAMESPACES,
    // A catalogue still loading shows nothing rather than suspending the tree; screens preload theirs.
    react: { useSuspense: false },
    // React escapes what it renders; escaping here too would show &amp; to the reader.
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

/**
 * Switches the UI language, the page's `lang` and its direction; resolves once the language's
 * catalogues have arrived and the screens show it.
 */
export async function applyLanguage(language: UiLanguage): Promise<void> {
  const chosen: UiLanguage = pseudoLocaleRequested() ? PSEUDO_RTL : language;
  i18n.options.postProcess = chosen === PSEUDO_RTL ? ['pseudoRtl'] : false;
  if (i18n.language !== chosen) await i18n.changeLanguage(chosen);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = chosen;
    document.documentElement.dir = directionOf(chosen);
  }
}

/** The customer's areas' catalogues (in English and the reader's language), before a signed-in screen renders. */
export async function loadCustomerCatalogues(): Promise<void> {
  await i18n.loadNamespaces(CUSTOMER_NAMESPACES);
}

/** The back office's catalogues (and the language's), before its screens render. */
export async function loadAdminCatalogues(): Promise<void> {
  await i18n.loadNamespaces(ADMIN_NAMESPACES);
}

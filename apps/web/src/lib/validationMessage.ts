import { i18n } from '@/i18n/i18n';

/**
 * The shared domain schemas (and the server, which uses them too) word their validation messages
 * in English (SPEC's words). This shows a known one in the reader's language: every catalogue
 * section below lists such messages by their English text, where `{{x}}` stands for a part that
 * varies ("At most {{max}} characters"). Any other message (a server's own words) is shown as it came.
 * Back-office sections join the lookup once their catalogues have loaded with its screens.
 */
const SECTIONS = [
  ['common', 'validation'],
  ['trade', 'domain'],
  ['adminClients', 'validation'],
  ['adminOps', 'validation'],
] as const;

interface Entry {
  key: string;
  names: string[];
  pattern: RegExp;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function entryOf(key: string, text: string): Entry {
  const names: string[] = [];
  const source = text
    .split(/\{\{(\w+)\}\}/)
    .map((part, i) => {
      if (i % 2 === 0) return escapeRegExp(part);
      names.push(part);
      return '(.+?)';
    })
    .join('');
  return { key, names, pattern: new RegExp(`^${source}$`) };
}

/** Exact texts first (one map lookup), patterns only for the messages with varying parts. */
const EXACT = new Map<string, string>();
const PATTERNS: Entry[] = [];
const indexed = new Set<string>();

function indexLoadedSections(): void {
  for (const [ns, section] of SECTIONS) {
    if (indexed.has(ns)) continue;
    const texts = i18n.getResourceBundle('en', ns)?.[section] as Record<string, string> | undefined;
    if (!texts) continue;
    indexed.add(ns);
    for (const [name, text] of Object.entries(texts)) {
      const key = `${ns}:${section}.${name}`;
      if (!text.includes('{{')) {
        if (!EXACT.has(text)) EXACT.set(text, key);
      } else PATTERNS.push(entryOf(key, text));
    }
  }
}

// Keys come from the catalogues themselves, so the loosely typed call cannot name a missing one.
const translate = i18n.t.bind(i18n) as (key: string, values?: Record<string, string>) => string;

/** Rewrites a varying part before it is put into the translation (e.g. an English weekday name). */
export type PartTranslator = (name: string, value: string) => string;

export function localizeMessage(message: string, parts?: PartTranslator): string;
export function localizeMessage(message: string | undefined, parts?: PartTranslator): string | undefined;
export function localizeMessage(message: string | undefined, parts?: PartTranslator): string | undefined {
  if (message === undefined) return undefined;
  indexLoadedSections();
  const exact = EXACT.get(message);
  if (exact) return translate(exact);
  for (const { key, names, pattern } of PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values: Record<string, string> = {};
    names.forEach((name, i) => {
      const value = match[i + 1] ?? '';
      values[name] = parts ? parts(name, value) : value;
    });
    return translate(key, values);
  }
  return message;
}

/** Every message of an error map through `localizeMessage`. */
export function localizeMessages<K extends string>(
  errors: Record<K, string | undefined>,
  parts?: PartTranslator,
): Record<K, string | undefined> {
  return Object.fromEntries(
    Object.entries(errors).map(([k, v]) => [k, typeof v === 'string' ? localizeMessage(v, parts) : v]),
  ) as Record<K, string | undefined>;
}

import { WEEKDAY_NAMES, type WeekdayKey } from '@openbroker/domain';
import { i18n } from '@/i18n/i18n';
import en from '@/i18n/locales/en/adminOps';
import { weekdayLabel } from '../instruments/weekdays';

type IssueKey = keyof typeof en.validation;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each English message of the catalogue as a pattern: `{{x}}` matches the part that varies. */
const PATTERNS = (Object.entries(en.validation) as [IssueKey, string][]).map(([key, text]) => {
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
});

/** The keys are built from the catalogue itself, so the loosely typed call cannot miss one. */
const translate = i18n.t.bind(i18n) as (key: string, values: Record<string, string>) => string;

const DAY_OF_NAME = new Map(
  (Object.entries(WEEKDAY_NAMES) as [WeekdayKey, string][]).map(([key, name]) => [name, key]),
);

/**
 * A validation message of the domain's schemas (English, shared with the server) in the reader's
 * language; a message the catalogue does not know is shown as it came.
 */
export function localIssue(message: string): string {
  for (const { key, names, pattern } of PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values: Record<string, string> = {};
    names.forEach((name, i) => {
      const value = match[i + 1] ?? '';
      const day = name === 'day' ? DAY_OF_NAME.get(value) : undefined;
      values[name] = day ? weekdayLabel(day) : value;
    });
    return translate(`adminOps:validation.${key}`, values);
  }
  return message;
}

/** Every message of an error map through `localIssue`. */
export function localIssues<K extends string>(
  errors: Record<K, string | undefined>,
): Record<K, string | undefined> {
  return Object.fromEntries(
    Object.entries(errors).map(([k, v]) => [k, typeof v === 'string' ? localIssue(v) : v]),
  ) as Record<K, string | undefined>;
}

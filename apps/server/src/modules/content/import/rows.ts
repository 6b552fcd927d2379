import {
  type CalendarEventCreate,
  type CalendarImportRow,
  calendarEventCreateSchema,
} from '@openbroker/domain';
import { CALENDAR_COUNTRIES } from '../seedData.ts';

/** A calendar row as read from a file, before validation (all text; importance in any accepted form). */
export interface RawEvent {
  time: string | null;
  country: string;
  currency: string;
  title: string;
  importance: string;
  actual: string;
  forecast: string;
  previous: string;
}

const IMPORTANCE_WORDS: Record<string, number> = {
  low: -1,
  medium: 0,
  med: 0,
  moderate: 0,
  high: 1,
  '-1': -1,
  '0': 0,
  '1': 1,
  '': 0,
};

/** −1, 0 or 1 (SPEC §9) from "-1…1" or "low/medium/high"; NaN for anything else. */
export function importanceOf(raw: string): number {
  return IMPORTANCE_WORDS[raw.trim().toLowerCase()] ?? Number.NaN;
}

export const CURRENCY_COUNTRY: Record<string, string> = {
  USD: 'US',
  EUR: 'EU',
  GBP: 'GB',
  JPY: 'JP',
  CNY: 'CN',
  CAD: 'CA',
  AUD: 'AU',
  NZD: 'NZ',
  CHF: 'CH',
  SEK: 'SE',
  NOK: 'NO',
  ZAR: 'ZA',
  BRL: 'BR',
  MXN: 'MX',
  INR: 'IN',
};

/** A country's currency when the file leaves it out (US → USD), and the other way round. */
export function fillCountryCurrency(raw: RawEvent): RawEvent {
  const country = raw.country.trim().toUpperCase();
  const currency = raw.currency.trim().toUpperCase();
  const known = CALENDAR_COUNTRIES[country as keyof typeof CALENDAR_COUNTRIES];
  return {
    ...raw,
    country: country || CURRENCY_COUNTRY[currency] || '',
    currency: currency || known?.currency || '',
  };
}

/** Validates one raw row with the same schema as `POST /admin/calendar`. */
export function checkRow(row: number, raw: RawEvent, timeError?: string): CalendarImportRow {
  const filled = fillCountryCurrency(raw);
  const importance = importanceOf(filled.importance);
  const parsed = calendarEventCreateSchema.safeParse({
    time: filled.time ?? '',
    country: filled.country,
    currency: filled.currency,
    title: filled.title,
    importance: Number.isNaN(importance) ? undefined : importance,
    actual: filled.actual,
    forecast: filled.forecast,
    previous: filled.previous,
  });
  const errors: string[] = [];
  if (timeError) errors.push(timeError);
  if (Number.isNaN(importance)) errors.push('Importance must be -1, 0, 1 or low, medium, high');
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field === 'importance' && Number.isNaN(importance)) continue;
      if (field === 'time' && timeError) continue;
      errors.push(issue.message);
    }
  }
  if (errors.length > 0 || !parsed.success) return { row, status: 'error', event: null, errors };
  return { row, status: 'ok', event: normalised(parsed.data), errors: [] };
}

function normalised(e: CalendarEventCreate): NonNullable<CalendarImportRow['event']> {
  return {
    time: new Date(e.time).toISOString(),
    country: e.country,
    currency: e.currency,
    title: e.title,
    importance: e.importance,
    actual: e.actual ?? null,
    forecast: e.forecast ?? null,
    previous: e.previous ?? null,
  };
}

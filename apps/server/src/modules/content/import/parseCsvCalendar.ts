import type { CalendarImportRow } from '@openbroker/domain';
import { parseCsv } from './csv.ts';
import { checkRow } from './rows.ts';
import { instantOf, instantOfDateTime } from './when.ts';

/**
 * The CSV columns (header row first, any order, case-insensitive):
 * - `datetime` (ISO 8601, e.g. 2026-01-05T13:30:00Z), or `date` (YYYY-MM-DD) and `time` (HH:MM);
 *   `zone` (UTC, +01:00 or an IANA name such as America/New_York) applies to times without one, UTC
 *   when absent;
 * - `country` (two letters, EU for the euro area), `currency` (three letters; either may be left
 *   empty when the other implies it);
 * - `title` (or `event`);
 * - `importance`: -1, 0, 1 or low, medium, high (empty: medium);
 * - `actual`, `forecast`, `previous`: as published ("3.2%", "221K"), empty when not known.
 */
export const CSV_COLUMNS_DOC =
  'datetime | date,time[,zone]; country; currency; title (or event); importance (-1..1 or low/medium/high); actual; forecast; previous';

const ALIASES: Record<string, string> = {
  datetime: 'datetime',
  date_time: 'datetime',
  timestamp: 'datetime',
  date: 'date',
  time: 'time',
  zone: 'zone',
  timezone: 'zone',
  tz: 'zone',
  country: 'country',
  currency: 'currency',
  title: 'title',
  event: 'title',
  'event title': 'title',
  importance: 'importance',
  impact: 'importance',
  actual: 'actual',
  forecast: 'forecast',
  consensus: 'forecast',
  previous: 'previous',
  prior: 'previous',
};

export type ParseOutcome = { rows: CalendarImportRow[] } | { error: string };

export function parseCsvCalendar(text: string, maxRows: number): ParseOutcome {
  const records = parseCsv(text);
  const header = records.shift();
  if (!header) return { error: 'The file is empty.' };
  const index = new Map<string, number>();
  header.fields.forEach((name, i) => {
    const key = ALIASES[name.trim().toLowerCase()];
    if (key && !index.has(key)) index.set(key, i);
  });
  const hasTime = index.has('datetime') || index.has('date');
  const missing = [
    hasTime ? null : 'datetime (or date and time)',
    index.has('title') ? null : 'title',
  ].filter((m): m is string => m !== null);
  if (missing.length > 0) {
    return { error: `The header row lacks ${missing.join(' and ')}. Columns: ${CSV_COLUMNS_DOC}.` };
  }
  if (records.length > maxRows) return { error: `The file has more than ${maxRows} rows.` };
  const cell = (fields: string[], key: string) => {
    const i = index.get(key);
    return i === undefined ? '' : (fields[i] ?? '').trim();
  };
  return {
    rows: records.map(({ line, fields }) => {
      const zone = cell(fields, 'zone');
      const when = index.has('datetime')
        ? instantOfDateTime(cell(fields, 'datetime'), zone)
        : instantOf(cell(fields, 'date'), cell(fields, 'time'), zone);
      return checkRow(
        line,
        {
          time: 'iso' in when ? when.iso : null,
          country: cell(fields, 'country'),
          currency: cell(fields, 'currency'),
          title: cell(fields, 'title'),
          importance: cell(fields, 'importance'),
          actual: cell(fields, 'actual'),
          forecast: cell(fields, 'forecast'),
          previous: cell(fields, 'previous'),
        },
        'error' in when ? when.error : undefined,
      );
    }),
  };
}

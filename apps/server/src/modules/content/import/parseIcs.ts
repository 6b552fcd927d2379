import type { CalendarImportRow } from '@openbroker/domain';
import type { ParseOutcome } from './parseCsvCalendar.ts';
import { CURRENCY_COUNTRY, checkRow } from './rows.ts';
import { instantOf } from './when.ts';

/**
 * iCalendar (RFC 5545), the part a calendar export needs: VEVENTs with DTSTART (UTC `…Z`, local
 * with `TZID=`, floating read as UTC, or a whole day `VALUE=DATE`), SUMMARY as the title and
 * DESCRIPTION lines `Country: US`, `Currency: USD`, `Importance: high`, `Actual: …`,
 * `Forecast: …`, `Previous: …`. Without them the currency may lead the summary ("USD Non-Farm
 * Payrolls", "[USD] …", "USD: …") and PRIORITY gives the importance (1–4 high, 5 medium, 6–9 low).
 */

interface Property {
  name: string;
  params: Record<string, string>;
  value: string;
}

/** Lines unfolded: a line starting with a space or tab continues the one before. */
function unfold(text: string): string[] {
  return text
    .replace(/\r\n/g, '\n')
    .replace(/\r/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n');
}

function propertyOf(line: string): Property | null {
  // The value starts at the first colon outside a quoted parameter value.
  let quoted = false;
  let colon = -1;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) {
      colon = i;
      break;
    }
  }
  if (colon < 0) return null;
  const [name = '', ...paramParts] = line.slice(0, colon).split(';');
  const params: Record<string, string> = {};
  for (const p of paramParts) {
    const eq = p.indexOf('=');
    if (eq > 0) params[p.slice(0, eq).toUpperCase()] = p.slice(eq + 1).replace(/^"|"$/g, '');
  }
  return { name: name.toUpperCase(), params, value: line.slice(colon + 1) };
}

/** TEXT values: `\n` is a new line, `\,` `\;` `\\` the character. */
function unescapeText(v: string): string {
  return v.replace(/\\([nN,;\\])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

function startOf(p: Property | undefined): { iso: string } | { error: string } {
  if (!p) return { error: 'DTSTART is missing' };
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(p.value.trim());
  if (!m) return { error: `DTSTART must be like 20260105T133000Z (got "${p.value.slice(0, 40)}")` };
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  if (m[4] === undefined) return instantOf(date, '00:00', 'UTC');
  const time = `${m[4]}:${m[5]}:${m[6]}`;
  return instantOf(date, time, m[7] ? 'UTC' : (p.params.TZID ?? 'UTC'));
}

function importanceFromPriority(p: Property | undefined): string {
  const n = Number(p?.value);
  if (!p || !Number.isInteger(n) || n === 0) return '';
  return n <= 4 ? 'high' : n === 5 ? 'medium' : 'low';
}

function eventRow(n: number, props: Property[]): CalendarImportRow {
  const get = (name: string) => props.find((p) => p.name === name);
  const description = unescapeText(get('DESCRIPTION')?.value ?? '');
  const fields = new Map<string, string>();
  for (const line of description.split('\n')) {
    const m = /^\s*(country|currency|importance|impact|actual|forecast|previous)\s*:\s*(.*)$/i.exec(line);
    if (m?.[1])
      fields.set(m[1].toLowerCase() === 'impact' ? 'importance' : m[1].toLowerCase(), (m[2] ?? '').trim());
  }
  let title = unescapeText(get('SUMMARY')?.value ?? '').trim();
  let currency = fields.get('currency') ?? '';
  const lead = /^\[?([A-Z]{3})\]?\s*(?:[:\-–]\s*)?(.+)$/.exec(title);
  const known = lead?.[1] !== undefined && lead[1] in CURRENCY_COUNTRY;
  if (known && lead?.[1] && lead[2] && (currency === '' || currency.toUpperCase() === lead[1])) {
    currency = lead[1];
    title = lead[2].trim();
  }
  const location = (get('LOCATION')?.value ?? '').trim();
  const when = startOf(get('DTSTART'));
  return checkRow(
    n,
    {
      time: 'iso' in when ? when.iso : null,
      country: fields.get('country') ?? (/^[A-Za-z]{2}$/.test(location) ? location : ''),
      currency,
      title,
      importance: fields.get('importance') ?? importanceFromPriority(get('PRIORITY')),
      actual: fields.get('actual') ?? '',
      forecast: fields.get('forecast') ?? '',
      previous: fields.get('previous') ?? '',
    },
    'error' in when ? when.error : undefined,
  );
}

export function parseIcs(text: string, maxRows: number): ParseOutcome {
  const lines = unfold(text.replace(/^\uFEFF/, ''));
  if (!lines.some((l) => l.trim().toUpperCase() === 'BEGIN:VCALENDAR')) {
    return { error: 'The file is not an iCalendar file (no BEGIN:VCALENDAR).' };
  }
  const rows: CalendarImportRow[] = [];
  let current: Property[] | null = null;
  let depth = 0;
  for (const raw of lines) {
    const line = raw.trimEnd();
    const upper = line.toUpperCase();
    if (upper === 'BEGIN:VEVENT') {
      current = [];
      depth = 0;
      continue;
    }
    if (!current) continue;
    // Components inside an event (VALARM) are not the event's own properties.
    if (upper.startsWith('BEGIN:')) depth++;
    else if (upper.startsWith('END:') && depth > 0) depth--;
    else if (upper === 'END:VEVENT') {
      rows.push(eventRow(rows.length + 1, current));
      current = null;
      if (rows.length > maxRows) return { error: `The file has more than ${maxRows} events.` };
    } else if (depth === 0) {
      const p = propertyOf(line);
      if (p) current.push(p);
    }
  }
  if (rows.length === 0) return { error: 'The file has no events (VEVENT).' };
  return { rows };
}

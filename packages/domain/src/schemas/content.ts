import { z } from 'zod';

/** Calendar importance (SPEC §9): −1 low, 0 medium, 1 high. */
export const CALENDAR_IMPORTANCE = [-1, 0, 1] as const;
export type CalendarImportance = (typeof CALENDAR_IMPORTANCE)[number];

/** The most headlines one `GET /news` returns, and how many it returns when not told. */
export const NEWS_MAX_LIMIT = 100;
export const NEWS_DEFAULT_LIMIT = 50;
/** The widest calendar window one request may ask for. */
export const CALENDAR_MAX_RANGE_DAYS = 366;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** True for a calendar date (`2026-01-05`), read as midnight UTC. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  // Date.parse rolls 2026-02-30 over to March; a real date reads back the same.
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

/** True for a date and time with a zone (`2026-01-05T13:30:00Z`, `…+01:00`). */
function isIsoDateTime(value: string): boolean {
  return ISO_DATE_TIME.test(value) && isIsoDate(value.slice(0, 10)) && !Number.isNaN(Date.parse(value));
}

/** A date and time with a zone: a release or publication time. */
const instant = (label: string) =>
  z
    .string({ error: `${label} must be a date and time` })
    .trim()
    .refine(
      isIsoDateTime,
      `${label} must be an ISO 8601 date and time with a zone, e.g. 2026-01-05T13:30:00Z`,
    );

/** A bound of a query window: a date (`2026-01-05`) or a date and time with a zone. */
const bound = (label: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => isIsoDate(v) || isIsoDateTime(v),
      `${label} must be an ISO 8601 date or date and time, e.g. 2026-01-05 or 2026-01-05T00:00:00Z`,
    );

/** A published figure as shown ("3.2%", "-68.3B", "221K"); empty means not known. */
const figure = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(32, `${label} can be at most 32 characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const calendarFields = {
  time: instant('Time'),
  country: z
    .string({ error: 'Country is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Country must be a two-letter code, e.g. US or EU'),
  currency: z
    .string({ error: 'Currency is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Currency must be a three-letter code, e.g. USD'),
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title can be at most 200 characters'),
  importance: z
    .number({ error: 'Importance must be -1, 0 or 1' })
    .int('Importance must be -1, 0 or 1')
    .min(-1, 'Importance must be -1, 0 or 1')
    .max(1, 'Importance must be -1, 0 or 1'),
  actual: figure('Actual'),
  forecast: figure('Forecast'),
  previous: figure('Previous'),
};

/** `POST /admin/calendar`: a new economic event. */
export const calendarEventCreateSchema = z.object(calendarFields);
export type CalendarEventCreate = z.infer<typeof calendarEventCreateSchema>;

/** `PUT /admin/calendar/:id`: the fields to change (any subset, at least one). */
export const calendarEventUpdateSchema = z
  .object(calendarFields)
  .partial()
  .refine((p) => Object.values(p).some((v) => v !== undefined), 'Nothing to change');
export type CalendarEventUpdate = z.infer<typeof calendarEventUpdateSchema>;

const symbol = z
  .string({ error: 'Each symbol must be text' })
  .trim()
  .min(1, 'A symbol cannot be empty')
  .max(32, 'A symbol can be at most 32 characters');

const newsFields = {
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(300, 'Title can be at most 300 characters'),
  summary: z
    .string({ error: 'Summary is required' })
    .trim()
    .min(1, 'Summary is required')
    .max(5000, 'Summary can be at most 5000 characters'),
  source: z
    .string({ error: 'Source is required' })
    .trim()
    .min(1, 'Source is required')
    .max(120, 'Source can be at most 120 characters'),
  url: z
    .url({ protocol: /^https?$/, error: 'URL must be an http or https address' })
    .max(2048, 'URL can be at most 2048 characters')
    .nullable()
    .optional(),
  published_at: instant('Published at'),
  symbols: z
    .array(symbol, { error: 'Symbols must be a list' })
    .max(20, 'At most 20 symbols')
    .transform((list) => [...new Set(list)]),
};

/** `POST /admin/news`: a new headline. `symbols` are display symbols ('EUR/USD'); none when omitted. */
export const newsItemCreateSchema = z.object({ ...newsFields, symbols: newsFields.symbols.default([]) });
export type NewsItemCreate = z.infer<typeof newsItemCreateSchema>;

/** `PUT /admin/news/:id`: the fields to change (any subset, at least one). */
export const newsItemUpdateSchema = z
  .object(newsFields)
  .partial()
  .refine((p) => Object.values(p).some((v) => v !== undefined), 'Nothing to change');
export type NewsItemUpdate = z.infer<typeof newsItemUpdateSchema>;

/**
 * `GET /calendar?from&to`: the window to list; this week (Monday 00:00 UTC to the next Monday) when
 * neither is given. A date-only `to` includes that whole day.
 */
export const calendarQuerySchema = z.object({
  from: bound('From').optional(),
  to: bound('To').optional(),
});
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

/** `GET /news?limit`: the newest headlines first. */
export const newsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(NEWS_MAX_LIMIT, `Limit can be at most ${NEWS_MAX_LIMIT}`)
    .default(NEWS_DEFAULT_LIMIT),
});
export type NewsQuery = z.infer<typeof newsQuerySchema>;

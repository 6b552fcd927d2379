import { z } from 'zod';
import { pagedSchema } from './trading.ts';

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

/** One calendar event as clients read it; `is_demo` marks the seeded sample week. */
export const calendarEventSchema = z.object({
  id: z.number(),
  time: z.string(),
  country: z.string(),
  currency: z.string(),
  title: z.string(),
  importance: z.union([z.literal(-1), z.literal(0), z.literal(1)]),
  actual: z.string().nullable(),
  forecast: z.string().nullable(),
  previous: z.string().nullable(),
  is_demo: z.boolean(),
});
export type CalendarEventOut = z.infer<typeof calendarEventSchema>;

/** One headline as clients read it; `is_demo` marks seeded samples, `source_id` a feed's items. */
export const newsItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  source: z.string(),
  url: z.string().nullable(),
  published_at: z.string(),
  symbols: z.array(z.string()),
  is_demo: z.boolean(),
  source_id: z.number().nullable(),
});
export type NewsItemOut = z.infer<typeof newsItemSchema>;

const adminPage = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
};

/** `?demo=1` only demo rows, `?demo=0` only real ones. */
const demoFilter = z.enum(['0', '1']).optional();

export const CALENDAR_SORTS = ['time', 'title', 'country', 'currency', 'importance'] as const;
const sortOf = <T extends readonly [string, ...string[]]>(fields: T) =>
  z
    .string()
    .refine((v) => (fields as readonly string[]).includes(v.replace(/^-/, '')), {
      message: `Sort by one of: ${fields.join(', ')} (a leading - for descending)`,
    })
    .optional();

/** `GET /admin/calendar`: every event in a window (all when no window), paged. */
export const adminCalendarQuerySchema = z.object({
  ...adminPage,
  from: bound('From').optional(),
  to: bound('To').optional(),
  demo: demoFilter,
  sort: sortOf(CALENDAR_SORTS),
});
export type AdminCalendarQuery = z.infer<typeof adminCalendarQuerySchema>;

export const NEWS_SORTS = ['published_at', 'title', 'source'] as const;
/** `GET /admin/news`: headlines, newest first, filtered by source name or feed. */
export const adminNewsQuerySchema = z.object({
  ...adminPage,
  source: z.string().trim().min(1).max(120).optional(),
  demo: demoFilter,
  sort: sortOf(NEWS_SORTS),
});
export type AdminNewsQuery = z.infer<typeof adminNewsQuerySchema>;

/** An RSS/Atom feed address: http or https only (the server refuses private addresses itself). */
const feedUrl = z
  .url({ protocol: /^https?$/, error: 'URL must be an http or https address' })
  .max(2048, 'URL can be at most 2048 characters');

const newsSourceFields = {
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(120, 'Name can be at most 120 characters'),
  url: feedUrl,
  enabled: z.boolean({ error: 'Enabled must be true or false' }),
};

/** `POST /admin/news-sources`: a feed to fetch; enabled unless told. */
export const newsSourceCreateSchema = z.object({
  ...newsSourceFields,
  enabled: newsSourceFields.enabled.default(true),
});
export type NewsSourceCreate = z.infer<typeof newsSourceCreateSchema>;

/** `PATCH /admin/news-sources/:id`: the fields to change. */
export const newsSourceUpdateSchema = z
  .object(newsSourceFields)
  .partial()
  .refine((p) => Object.values(p).some((v) => v !== undefined), 'Nothing to change');
export type NewsSourceUpdate = z.infer<typeof newsSourceUpdateSchema>;

/** A news source as staff see it, with how its last fetch went. */
export const newsSourceSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  enabled: z.boolean(),
  last_fetched_at: z.string().nullable(),
  last_error: z.string().nullable(),
  last_added: z.number(),
  created_at: z.string(),
});
export type NewsSource = z.infer<typeof newsSourceSchema>;

/** The largest calendar file `POST /admin/calendar/import` takes. */
export const CALENDAR_IMPORT_MAX_BYTES = 1024 * 1024;
/** The most rows one import reads. */
export const CALENDAR_IMPORT_MAX_ROWS = 5_000;

/** One row of an import: the event it gives, or why it cannot be imported. */
export const calendarImportRowSchema = z.object({
  /** The CSV line or the VEVENT's number in the file, from 1. */
  row: z.number(),
  status: z.enum(['ok', 'error', 'duplicate']),
  event: z
    .object({
      time: z.string(),
      country: z.string(),
      currency: z.string(),
      title: z.string(),
      importance: z.number(),
      actual: z.string().nullable(),
      forecast: z.string().nullable(),
      previous: z.string().nullable(),
    })
    .nullable(),
  errors: z.array(z.string()),
});
export type CalendarImportRow = z.infer<typeof calendarImportRowSchema>;

export const calendarImportResultSchema = z.object({
  format: z.enum(['csv', 'ics']),
  dry_run: z.boolean(),
  total: z.number(),
  valid: z.number(),
  imported: z.number(),
  rows: z.array(calendarImportRowSchema),
});
export type CalendarImportResult = z.infer<typeof calendarImportResultSchema>;

export const calendarPageSchema = pagedSchema(calendarEventSchema);
export const newsPageSchema = pagedSchema(newsItemSchema);
export const newsSourcePageSchema = pagedSchema(newsSourceSchema);

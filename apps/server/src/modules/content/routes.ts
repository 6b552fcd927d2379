import {
  CALENDAR_MAX_RANGE_DAYS,
  type CalendarImportance,
  type CalendarQuery,
  calendarEventCreateSchema,
  calendarEventUpdateSchema,
  calendarQuerySchema,
  isIsoDate,
  newsItemCreateSchema,
  newsItemUpdateSchema,
  newsQuerySchema,
} from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, validationError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { signedInOnly, staffOnly } from '../auth/authPlugin.ts';
import {
  type CalendarEventRow,
  deleteCalendarEvent,
  deleteNewsItem,
  insertCalendarEvent,
  insertNewsItem,
  listCalendarEvents,
  listNewsItems,
  type NewsItemRow,
  updateCalendarEvent,
  updateNewsItem,
} from './repo.ts';
import { weekStartUtc } from './seedData.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One calendar event as the web client reads it (apps/web/src/api/content.ts `CalendarEvent`). */
const calendarEventOut = z.object({
  id: z.number(),
  time: z.string(),
  country: z.string(),
  currency: z.string(),
  title: z.string(),
  importance: z.union([z.literal(-1), z.literal(0), z.literal(1)]),
  actual: z.string().nullable(),
  forecast: z.string().nullable(),
  previous: z.string().nullable(),
});
export type CalendarEventOut = z.infer<typeof calendarEventOut>;

/** One headline as the web client reads it (apps/web/src/api/content.ts `NewsItem`). */
const newsItemOut = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  source: z.string(),
  url: z.string().nullable(),
  published_at: z.string(),
  symbols: z.array(z.string()),
});
export type NewsItemOut = z.infer<typeof newsItemOut>;

const importanceOf = (n: number): CalendarImportance => (n < 0 ? -1 : n > 0 ? 1 : 0);

export function presentCalendarEvent(row: CalendarEventRow): CalendarEventOut {
  return {
    id: row.id,
    time: row.at.toISOString(),
    country: row.country.trim(),
    currency: row.currency,
    title: row.title,
    importance: importanceOf(row.importance),
    actual: row.actual,
    forecast: row.forecast,
    previous: row.previous,
  };
}

export function presentNewsItem(row: NewsItemRow): NewsItemOut {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    source: row.source,
    url: row.url,
    published_at: row.publishedAt.toISOString(),
    symbols: row.symbols,
  };
}

/** A window bound: a date is midnight UTC, and a date-only `to` takes in that whole day. */
function boundOf(value: string, edge: 'from' | 'to'): Date {
  if (isIsoDate(value)) {
    const midnight = Date.parse(`${value}T00:00:00Z`);
    return new Date(edge === 'to' ? midnight + DAY_MS : midnight);
  }
  // A date and time: `to` is inclusive, so the exclusive bound is the next millisecond.
  return new Date(Date.parse(value) + (edge === 'to' ? 1 : 0));
}

/**
 * The calendar window `[from, to)`: this week (Monday 00:00 UTC to the next Monday) by default,
 * seven days from `from` or up to `to` when only one is given.
 */
export function calendarWindow(query: CalendarQuery, now: Date): { from: Date; to: Date } {
  const from = query.from === undefined ? undefined : boundOf(query.from, 'from');
  const to = query.to === undefined ? undefined : boundOf(query.to, 'to');
  const start = from ?? (to ? new Date(to.getTime() - 7 * DAY_MS) : weekStartUtc(now));
  const end = to ?? new Date(start.getTime() + 7 * DAY_MS);
  if (end.getTime() <= start.getTime()) throw validationError({ to: ['To must be after From'] });
  if (end.getTime() - start.getTime() > CALENDAR_MAX_RANGE_DAYS * DAY_MS) {
    throw validationError({ to: [`The window can be at most ${CALENDAR_MAX_RANGE_DAYS} days`] });
  }
  return { from: start, to: end };
}

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** The economic calendar and market headlines: signed-in users read them, staff write them. */
export const contentRoutes =
  (deps: { db: Db; clock: Clock }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, clock } = deps;

    app.get(
      '/calendar',
      {
        preValidation: signedInOnly,
        schema: {
          tags: ['content'],
          summary:
            'Economic calendar events in a window (default: this week, Monday 00:00 UTC), soonest first',
          querystring: calendarQuerySchema,
          response: { 200: z.object({ data: z.array(calendarEventOut) }) },
        },
      },
      async (request) => {
        const { from, to } = calendarWindow(request.query, clock.now());
        return { data: (await listCalendarEvents(db, from, to)).map(presentCalendarEvent) };
      },
    );

    app.get(
      '/news',
      {
        preValidation: signedInOnly,
        schema: {
          tags: ['content'],
          summary: 'Market headlines, newest first',
          querystring: newsQuerySchema,
          response: { 200: z.object({ data: z.array(newsItemOut) }) },
        },
      },
      async (request) => ({ data: (await listNewsItems(db, request.query.limit)).map(presentNewsItem) }),
    );

    app.post(
      '/admin/calendar',
      {
        preValidation: staffOnly,
        schema: {
          tags: ['admin'],
          summary: 'Add an economic calendar event',
          body: calendarEventCreateSchema,
          response: { 201: z.object({ data: calendarEventOut }) },
        },
      },
      async (request, reply) => {
        const row = await insertCalendarEvent(db, request.body);
        return reply.status(201).send({ data: presentCalendarEvent(row) });
      },
    );

    app.put(
      '/admin/calendar/:id',
      {
        preValidation: staffOnly,
        schema: {
          tags: ['admin'],
          summary: 'Change an economic calendar event (the fields given)',
          params: idParams,
          body: calendarEventUpdateSchema,
          response: { 200: z.object({ data: calendarEventOut }) },
        },
      },
      async (request) => {
        const row = await updateCalendarEvent(db, request.params.id, request.body, clock.now());
        if (!row) throw new AppError('NOT_FOUND', 'No such calendar event.');
        return { data: presentCalendarEvent(row) };
      },
    );

    app.delete(
      '/admin/calendar/:id',
      {
        preValidation: staffOnly,
        schema: { tags: ['admin'], summary: 'Remove an economic calendar event', params: idParams },
      },
      async (request, reply) => {
        if (!(await deleteCalendarEvent(db, request.params.id))) {
          throw new AppError('NOT_FOUND', 'No such calendar event.');
        }
        return reply.status(204).send();
      },
    );

    app.post(
      '/admin/news',
      {
        preValidation: staffOnly,
        schema: {
          tags: ['admin'],
          summary: 'Publish a market headline',
          body: newsItemCreateSchema,
          response: { 201: z.object({ data: newsItemOut }) },
        },
      },
      async (request, reply) => {
        const row = await insertNewsItem(db, request.body);
        return reply.status(201).send({ data: presentNewsItem(row) });
      },
    );

    app.put(
      '/admin/news/:id',
      {
        preValidation: staffOnly,
        schema: {
          tags: ['admin'],
          summary: 'Change a market headline (the fields given)',
          params: idParams,
          body: newsItemUpdateSchema,
          response: { 200: z.object({ data: newsItemOut }) },
        },
      },
      async (request) => {
        const row = await updateNewsItem(db, request.params.id, request.body, clock.now());
        if (!row) throw new AppError('NOT_FOUND', 'No such news item.');
        return { data: presentNewsItem(row) };
      },
    );

    app.delete(
      '/admin/news/:id',
      {
        preValidation: staffOnly,
        schema: { tags: ['admin'], summary: 'Remove a market headline', params: idParams },
      },
      async (request, reply) => {
        if (!(await deleteNewsItem(db, request.params.id))) {
          throw new AppError('NOT_FOUND', 'No such news item.');
        }
        return reply.status(204).send();
      },
    );
  };

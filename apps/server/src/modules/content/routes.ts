import {
  CALENDAR_MAX_RANGE_DAYS,
  type CalendarQuery,
  calendarEventSchema,
  calendarQuerySchema,
  isIsoDate,
  newsItemSchema,
  newsQuerySchema,
} from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { validationError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { signedInOnly } from '../auth/authPlugin.ts';
import { presentCalendarEvent, presentNewsItem } from './present.ts';
import { listCalendarEvents, listNewsItems } from './repo.ts';
import { weekStartUtc } from './seedData.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type { CalendarEventOut, NewsItemOut } from '@openbroker/domain';
export { presentCalendarEvent, presentNewsItem } from './present.ts';

/** A window bound: a date is midnight UTC, and a date-only `to` takes in that whole day. */
export function boundOf(value: string, edge: 'from' | 'to'): Date {
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

/** The economic calendar and market headlines, as signed-in users read them (staff write them in adminRoutes.ts). */
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
          response: { 200: z.object({ data: z.array(calendarEventSchema) }) },
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
          response: { 200: z.object({ data: z.array(newsItemSchema) }) },
        },
      },
      async (request) => ({ data: (await listNewsItems(db, request.query.limit)).map(presentNewsItem) }),
    );
  };

import {
  adminCalendarQuerySchema,
  adminNewsQuerySchema,
  calendarEventCreateSchema,
  calendarEventSchema,
  calendarEventUpdateSchema,
  calendarPageSchema,
  newsItemCreateSchema,
  newsItemSchema,
  newsItemUpdateSchema,
  newsPageSchema,
} from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { validationError } from '../../errors.ts';
import { actorOf } from '../audit/service.ts';
import { permit } from '../staff/policy.ts';
import { newsSourceNames, pageCalendarEvents, pageNewsItems } from './adminRepo.ts';
import { pagedOf } from './paged.ts';
import { presentCalendarEvent, presentNewsItem } from './present.ts';
import { boundOf } from './routes.ts';
import type { ContentService } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const removedOut = z.object({ data: z.object({ removed: z.number() }) });
const demoOf = (v: '0' | '1' | undefined) => (v === undefined ? undefined : v === '1');
const tags = ['admin'];
const can = permit('content.write');

/** Staff calls of the calendar and the news: lists, writes (audited), and "Remove demo content". */
export const contentAdminRoutes =
  (deps: { db: Db; content: ContentService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, content } = deps;

    app.get(
      '/admin/calendar',
      {
        preValidation: can,
        schema: {
          tags,
          summary: 'Calendar events for staff: a window (or all), demo or not, sorted and paged',
          querystring: adminCalendarQuerySchema,
          response: { 200: calendarPageSchema },
        },
      },
      async (request) => {
        const q = request.query;
        const from = q.from ? boundOf(q.from, 'from') : undefined;
        const to = q.to ? boundOf(q.to, 'to') : undefined;
        if (from && to && to <= from) throw validationError({ to: ['To must be after From'] });
        const { rows, total } = await pageCalendarEvents(
          db,
          { from, to, demo: demoOf(q.demo) },
          q.sort,
          q.page,
          q.per_page,
        );
        return pagedOf(request, '/admin/calendar', rows.map(presentCalendarEvent), total, q.page, q.per_page);
      },
    );

    app.post(
      '/admin/calendar',
      {
        preValidation: can,
        schema: {
          tags,
          summary: 'Add an economic calendar event',
          body: calendarEventCreateSchema,
          response: { 201: z.object({ data: calendarEventSchema }) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await content.createEvent(actorOf(request), request.body) }),
    );

    app.put(
      '/admin/calendar/:id',
      {
        preValidation: can,
        schema: {
          tags,
          summary: 'Change an economic calendar event (the fields given)',
          params: idParams,
          body: calendarEventUpdateSchema,
          response: { 200: z.object({ data: calendarEventSchema }) },
        },
      },
      async (request) => ({
        data: await content.updateEvent(actorOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/admin/calendar/:id',
      {
        preValidation: can,
        schema: { tags, summary: 'Remove an economic calendar event', params: idParams },
      },
      async (request, reply) => {
        await content.deleteEvent(actorOf(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/admin/calendar/remove-demo',
      {
        preValidation: can,
        schema: { tags, summary: 'Remove every seeded (demo) calendar event', response: { 200: removedOut } },
      },
      async (request) => ({ data: { removed: await content.removeDemo(actorOf(request), 'calendar') } }),
    );

    app.get(
      '/admin/news',
      {
        preValidation: can,
        schema: {
          tags,
          summary: 'Headlines for staff, newest first, filtered by source name and demo',
          querystring: adminNewsQuerySchema,
          response: { 200: newsPageSchema },
        },
      },
      async (request) => {
        const q = request.query;
        const { rows, total } = await pageNewsItems(
          db,
          { source: q.source, demo: demoOf(q.demo) },
          q.sort,
          q.page,
          q.per_page,
        );
        return pagedOf(request, '/admin/news', rows.map(presentNewsItem), total, q.page, q.per_page);
      },
    );

    app.get(
      '/admin/news/source-names',
      {
        preValidation: can,
        schema: {
          tags,
          summary: 'Every source name the headlines carry (the news list filter)',
          response: { 200: z.object({ data: z.array(z.string()) }) },
        },
      },
      async () => ({ data: await newsSourceNames(db) }),
    );

    app.post(
      '/admin/news',
      {
        preValidation: can,
        schema: {
          tags,
          summary: 'Publish a market headline',
          body: newsItemCreateSchema,
          response: { 201: z.object({ data: newsItemSchema }) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await content.createNews(actorOf(request), request.body) }),
    );

    app.put(
      '/admin/news/:id',
      {
        preValidation: can,
        schema: {
          tags,
          summary: 'Change a market headline (the fields given)',
          params: idParams,
          body: newsItemUpdateSchema,
          response: { 200: z.object({ data: newsItemSchema }) },
        },
      },
      async (request) => ({
        data: await content.updateNews(actorOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/admin/news/:id',
      { preValidation: can, schema: { tags, summary: 'Remove a market headline', params: idParams } },
      async (request, reply) => {
        await content.deleteNews(actorOf(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/admin/news/remove-demo',
      {
        preValidation: can,
        schema: { tags, summary: 'Remove every seeded (demo) headline', response: { 200: removedOut } },
      },
      async (request) => ({ data: { removed: await content.removeDemo(actorOf(request), 'news') } }),
    );
  };

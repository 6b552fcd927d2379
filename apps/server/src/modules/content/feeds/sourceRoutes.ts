import {
  newsSourceCreateSchema,
  newsSourcePageSchema,
  newsSourceSchema,
  newsSourceUpdateSchema,
} from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { actorOf } from '../../audit/service.ts';
import { permit } from '../../staff/policy.ts';
import { pagedOf } from '../paged.ts';
import type { FeedService } from './feedService.ts';
import { pageSources, presentSource } from './sourcesRepo.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});
const tags = ['admin'];
const can = permit('content.write');

/** Staff calls of the RSS/Atom news sources (`/admin/news-sources`). */
export const newsSourceRoutes =
  (deps: { db: Db; feeds: FeedService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, feeds } = deps;

    app.get(
      '/admin/news-sources',
      {
        preValidation: can,
        schema: {
          tags,
          summary: 'News sources (RSS/Atom) with how their last fetch went',
          querystring: pageQuery,
          response: { 200: newsSourcePageSchema },
        },
      },
      async (request) => {
        const q = request.query;
        const { rows, total } = await pageSources(db, q.page, q.per_page);
        return pagedOf(request, '/admin/news-sources', rows.map(presentSource), total, q.page, q.per_page);
      },
    );

    app.post(
      '/admin/news-sources',
      {
        preValidation: can,
        schema: {
          tags,
          summary: 'Add an RSS 2.0 or Atom feed to fetch every 15 minutes',
          body: newsSourceCreateSchema,
          response: { 201: z.object({ data: newsSourceSchema }) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await feeds.create(actorOf(request), request.body) }),
    );

    app.patch(
      '/admin/news-sources/:id',
      {
        preValidation: can,
        schema: {
          tags,
          summary: 'Change a news source (name, url, enabled)',
          params: idParams,
          body: newsSourceUpdateSchema,
          response: { 200: z.object({ data: newsSourceSchema }) },
        },
      },
      async (request) => ({ data: await feeds.update(actorOf(request), request.params.id, request.body) }),
    );

    app.delete(
      '/admin/news-sources/:id',
      {
        preValidation: can,
        schema: { tags, summary: 'Remove a news source (its headlines stay)', params: idParams },
      },
      async (request, reply) => {
        await feeds.remove(actorOf(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/admin/news-sources/:id/fetch',
      {
        preValidation: can,
        schema: {
          tags,
          summary: 'Fetch a news source now; a failure is recorded on the source and returned',
          params: idParams,
          response: {
            200: z.object({
              data: z.object({ source: newsSourceSchema, added: z.number(), error: z.string().nullable() }),
            }),
          },
        },
      },
      async (request) => ({ data: await feeds.fetchNow(actorOf(request), request.params.id) }),
    );
  };

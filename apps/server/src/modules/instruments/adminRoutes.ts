import {
  adminInstrumentPageSchema,
  adminInstrumentResponseSchema,
  instrumentCreateSchema,
  instrumentQuerySchema,
  instrumentUpdateSchema,
} from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MarketData } from '../../feed/MarketData.ts';
import type { Clock } from '../../lib/clock.ts';
import { actorOf } from '../audit/service.ts';
import { permit } from '../staff/policy.ts';
import { presentInstrument } from './present.ts';
import type { InstrumentsService } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** The instrument catalogue in the back office: list, read, edit, add (permission instruments.write). */
export const instrumentsAdminRoutes =
  (deps: { instruments: InstrumentsService; market: MarketData; clock: Clock }): FastifyPluginAsyncZod =>
  async (app) => {
    const { instruments, market, clock } = deps;

    app.get(
      '/admin/instruments',
      {
        preValidation: permit('instruments.write'),
        schema: {
          tags: ['admin'],
          summary:
            'Every instrument, disabled ones too: search by symbol or name, filter by type and enabled',
          querystring: instrumentQuerySchema,
          response: { 200: adminInstrumentPageSchema },
        },
      },
      async (request) => {
        const q = request.query;
        const { rows, total } = await instruments.page(q);
        const lastPage = Math.max(1, Math.ceil(total / q.per_page));
        const link = (page: number) => {
          const params = new URLSearchParams();
          for (const [k, v] of Object.entries(q)) if (v !== undefined) params.set(k, String(v));
          params.set('page', String(page));
          return `/api/v1/admin/instruments?${params}`;
        };
        const now = clock.now();
        return {
          data: rows.map((r) => presentInstrument(r, market, now)),
          meta: { current_page: q.page, last_page: lastPage, per_page: q.per_page, total },
          links: {
            next: q.page < lastPage ? link(q.page + 1) : null,
            prev: q.page > 1 ? link(q.page - 1) : null,
          },
        };
      },
    );

    app.get(
      '/admin/instruments/:id',
      {
        preValidation: permit('instruments.write'),
        schema: {
          tags: ['admin'],
          summary: 'One instrument with its live quote and hours',
          params: idParams,
          response: { 200: adminInstrumentResponseSchema },
        },
      },
      async (request) => ({
        data: presentInstrument(await instruments.get(request.params.id), market, clock.now()),
      }),
    );

    app.patch(
      '/admin/instruments/:id',
      {
        preValidation: permit('instruments.write'),
        schema: {
          tags: ['admin'],
          summary:
            'Change enabled, spreads, leverage, contract size, display digits, sessions, name: live on every node',
          params: idParams,
          body: instrumentUpdateSchema,
          response: { 200: adminInstrumentResponseSchema },
        },
      },
      async (request) => {
        const row = await instruments.update(request.params.id, request.body, actorOf(request));
        return { data: presentInstrument(row, market, clock.now()) };
      },
    );

    app.post(
      '/admin/instruments',
      {
        preValidation: permit('instruments.write'),
        schema: {
          tags: ['admin'],
          summary: 'Add an instrument; the feed prices it at once',
          body: instrumentCreateSchema,
          response: { 201: adminInstrumentResponseSchema },
        },
      },
      async (request, reply) => {
        const row = await instruments.create(request.body, actorOf(request));
        return reply.status(201).send({ data: presentInstrument(row, market, clock.now()) });
      },
    );

    app.get(
      '/admin/price-quarantine',
      {
        preValidation: permit('instruments.write'),
        schema: {
          tags: ['admin'],
          summary:
            'Ticks the price-integrity band held back on this node (feed role): the count since start and the latest per instrument',
          response: {
            200: z.object({
              data: z.object({
                feed_here: z.boolean(),
                total: z.number(),
                recent: z.array(
                  z.object({
                    asset_id: z.number(),
                    symbol: z.string(),
                    price: z.number(),
                    at: z.string(),
                    band_low: z.number(),
                    band_high: z.number(),
                  }),
                ),
              }),
            }),
          },
        },
      },
      async (request) => ({
        data: {
          // Quarantine happens where the feed runs; another node's count is its own (zero).
          feed_here: request.server.roles.holding().includes('feed'),
          total: deps.market.quarantine.count,
          recent: deps.market.quarantine
            .recent()
            .slice(0, 200)
            .map((q) => ({
              asset_id: q.assetId,
              symbol: q.symbol,
              price: q.price,
              at: new Date(q.at).toISOString(),
              band_low: q.low,
              band_high: q.high,
            })),
        },
      }),
    );
  };

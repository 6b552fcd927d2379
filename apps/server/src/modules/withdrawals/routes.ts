import {
  createWithdrawalSchema,
  withdrawalOptionsSchema,
  withdrawalPageSchema,
  withdrawalSchema,
} from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import { actorOf } from '../audit/service.ts';
import { requireAuth, signedInOnly } from '../auth/authPlugin.ts';
import { paged } from '../clients/paging.ts';
import type { Withdrawals } from './service.ts';

const tags = ['withdrawals'];
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** The customer's withdrawal calls (issue 14). */
export const withdrawalRoutes =
  (deps: { withdrawals: Withdrawals }): FastifyPluginAsyncZod =>
  async (app) => {
    const { withdrawals } = deps;
    app.addHook('preValidation', signedInOnly);

    app.get(
      '/withdrawals/options',
      {
        schema: {
          tags,
          summary: 'What an account can withdraw now, by which methods and at what fee',
          querystring: z.object({ account_id: z.coerce.number().int().positive() }),
          response: { 200: z.object({ data: withdrawalOptionsSchema }) },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        return { data: await withdrawals.options(user.id, request.query.account_id) };
      },
    );

    app.get(
      '/withdrawals',
      {
        schema: {
          tags,
          summary: 'Your withdrawals, newest first',
          querystring: z.object({ page: z.coerce.number().int().positive().default(1) }),
          response: { 200: withdrawalPageSchema },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        const { page } = request.query;
        const { rows, total, perPage } = await withdrawals.list(user.id, page);
        return paged(rows, total, page, perPage, '/withdrawals');
      },
    );

    app.get(
      '/withdrawals/:id',
      {
        schema: {
          tags,
          summary: 'One of your withdrawals',
          params: idParams,
          response: { 200: z.object({ data: withdrawalSchema }) },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        return { data: await withdrawals.get(user.id, request.params.id) };
      },
    );

    app.post(
      '/withdrawals',
      {
        schema: {
          tags,
          summary:
            'Request a withdrawal: the amount and fee are held at once and wait for staff approval (Idempotency-Key honoured)',
          headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(),
          body: createWithdrawalSchema,
          response: { 201: z.object({ data: withdrawalSchema }) },
        },
      },
      async (request, reply) => {
        const { user } = requireAuth(request);
        const w = await withdrawals.request(
          user,
          request.body,
          idempotencyKeyOf(request.headers),
          actorOf(request),
        );
        return reply.status(201).send({ data: w });
      },
    );

    app.post(
      '/withdrawals/:id/cancel',
      {
        schema: {
          tags,
          summary: 'Cancel a withdrawal not yet approved; the held amount returns to the balance',
          params: idParams,
          response: { 200: z.object({ data: withdrawalSchema }) },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        return { data: await withdrawals.cancel(user.id, request.params.id, actorOf(request)) };
      },
    );
  };

import {
  savingsHistoryPageSchema,
  savingsPositionSchema,
  savingsProductSchema,
  subscribeSavingsSchema,
} from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import { requireAuth, signedInOnly } from '../auth/authPlugin.ts';
import type { SavingsProducts } from './products.ts';
import type { SavingsService } from './service.ts';

const tags = ['savings'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().optional() }).passthrough();
const one = z.object({ data: savingsPositionSchema });

/** The customer's savings calls (issue 14): products, positions, subscribe, redeem, history. */
export const savingsRoutes =
  (deps: { savings: SavingsService; products: SavingsProducts }): FastifyPluginAsyncZod =>
  async (app) => {
    const { savings, products } = deps;

    app.get(
      '/savings/products',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary: 'Savings products open to new deposits',
          response: { 200: z.object({ data: z.array(savingsProductSchema) }) },
        },
      },
      async () => ({ data: await products.list(true) }),
    );

    app.get(
      '/savings',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary: 'The customer’s savings deposits, active first, with the interest accrued so far',
          response: { 200: z.object({ data: z.array(savingsPositionSchema) }) },
        },
      },
      async (request) => ({ data: await savings.positions(requireAuth(request).user.id) }),
    );

    app.get(
      '/savings/history',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary:
            'Savings movements of the customer’s accounts (deposits, redemptions, interest), newest first',
          querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
          response: { 200: savingsHistoryPageSchema },
        },
      },
      async (request) => savings.history(requireAuth(request).user.id, request.query.page),
    );

    app.post(
      '/savings',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary:
            'Put money from a live account into a savings product (at most the withdrawable amount); takes an Idempotency-Key',
          headers: idempotencyHeaders,
          body: subscribeSavingsSchema,
          response: { 200: one },
        },
      },
      async (request) => ({
        data: await savings.subscribe(
          requireAuth(request).user.id,
          idempotencyKeyOf(request.headers),
          request.body,
        ),
      }),
    );

    app.post(
      '/savings/:id/redeem',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary:
            'Redeem a savings deposit (flexible any time, fixed once matured): principal and interest back to its account',
          headers: idempotencyHeaders,
          params: idParams,
          response: { 200: one },
        },
      },
      async (request) => ({
        data: await savings.redeem(
          requireAuth(request).user.id,
          idempotencyKeyOf(request.headers),
          request.params.id,
        ),
      }),
    );
  };

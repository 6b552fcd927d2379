import {
  accountOptionsSchema,
  openAccountSchema,
  pagedSchema,
  tradingAccountSchema,
  transferQuoteSchema,
  transferRequestSchema,
  transferSchema,
} from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import { requireAuth, signedInOnly } from '../auth/authPlugin.ts';
import { paged } from '../clients/paging.ts';
import type { DemoReset } from './demo.ts';
import type { AccountOpening } from './opening.ts';
import { TRANSFERS_PER_PAGE, type Transfers } from './transfers.ts';

const tags = ['accounts'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
const pageQuery = z.object({ page: z.coerce.number().int().positive().default(1) });
const idempotencyHeader = z.object({ 'idempotency-key': z.string().optional() }).passthrough();

/** The customer's own accounts (issue 14): open live or demo accounts, reset a demo, transfer between live ones. */
export const accountsCustomerRoutes =
  (deps: { opening: AccountOpening; demo: DemoReset; transfers: Transfers }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', signedInOnly);

    app.get(
      '/accounts/options',
      {
        schema: {
          tags,
          summary: 'What a customer may open: live account currencies, the demo balance, the account limit',
          response: { 200: z.object({ data: accountOptionsSchema }) },
        },
      },
      async () => ({ data: await deps.opening.options() }),
    );

    app.post(
      '/accounts',
      {
        schema: {
          tags,
          summary: 'Open a live account in an allowed currency, or a demo account funded with virtual money',
          headers: idempotencyHeader,
          body: openAccountSchema,
          response: { 201: z.object({ data: tradingAccountSchema }) },
        },
      },
      async (request, reply) => {
        const { user } = requireAuth(request);
        const account = await deps.opening.open(user, request.body, idempotencyKeyOf(request.headers));
        return reply.status(201).send({ data: account });
      },
    );

    app.post(
      '/accounts/:id/reset',
      {
        schema: {
          tags,
          summary: 'Reset a demo account to the demo balance (its positions must be closed first)',
          headers: idempotencyHeader,
          params: idParams,
          response: { 200: z.object({ data: tradingAccountSchema }) },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        return {
          data: await deps.demo.reset(user.id, request.params.id, idempotencyKeyOf(request.headers)),
        };
      },
    );

    app.get(
      '/transfers/quote',
      {
        schema: {
          tags,
          summary: 'What a transfer between two of your live accounts would credit at the live rate now',
          querystring: z.object({
            from_account_id: z.coerce.number().int().positive(),
            to_account_id: z.coerce.number().int().positive(),
            amount: z.coerce.number().positive().max(100_000_000),
          }),
          response: { 200: z.object({ data: transferQuoteSchema }) },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        const q = request.query;
        return { data: await deps.transfers.quote(user.id, q.from_account_id, q.to_account_id, q.amount) };
      },
    );

    app.post(
      '/transfers',
      {
        schema: {
          tags,
          summary:
            'Move money between two of your live accounts at the live rate (never more than is withdrawable)',
          headers: idempotencyHeader,
          body: transferRequestSchema,
          response: { 201: z.object({ data: transferSchema }) },
        },
      },
      async (request, reply) => {
        const { user } = requireAuth(request);
        const transfer = await deps.transfers.transfer(
          user.id,
          request.body,
          idempotencyKeyOf(request.headers),
        );
        return reply.status(201).send({ data: transfer });
      },
    );

    app.get(
      '/transfers',
      {
        schema: {
          tags,
          summary: 'Your transfers between accounts, newest first',
          querystring: pageQuery,
          response: { 200: pagedSchema(transferSchema) },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        const { page } = request.query;
        const { rows, total } = await deps.transfers.page(user.id, page);
        return paged(rows, total, page, TRANSFERS_PER_PAGE, '/transfers');
      },
    );
  };

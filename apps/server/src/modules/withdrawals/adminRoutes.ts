import {
  adminWithdrawalDetailSchema,
  adminWithdrawalPageSchema,
  adminWithdrawalQuerySchema,
  adminWithdrawalSchema,
  rejectWithdrawalSchema,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/service.ts';
import { staffOnly } from '../auth/authPlugin.ts';
import { paged } from '../clients/paging.ts';
import { permit } from '../staff/policy.ts';
import type { StaffActor, WithdrawalDecisions } from './decisions.ts';

const tags = ['admin', 'withdrawals'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
const one = z.object({ data: adminWithdrawalSchema });

function staffActor(request: FastifyRequest): StaffActor {
  return { ...actorOf(request), actorId: request.auth?.user.id ?? 0 };
}

/** The back office's withdrawal queue and its decisions (money.read to look, money.approve to act). */
export const withdrawalAdminRoutes =
  (deps: { decisions: WithdrawalDecisions }): FastifyPluginAsyncZod =>
  async (app) => {
    const { decisions } = deps;
    app.addHook('preValidation', staffOnly);

    app.get(
      '/admin/withdrawals',
      {
        preValidation: permit('money.read'),
        schema: {
          tags,
          summary: 'Withdrawals, those waiting on staff first; filter by status, method and a search',
          querystring: adminWithdrawalQuerySchema,
          response: { 200: adminWithdrawalPageSchema },
        },
      },
      async (request) => {
        const q = request.query;
        const { rows, total, perPage } = await decisions.page(q);
        return paged(rows, total, q.page, perPage, '/admin/withdrawals', {
          status: q.status,
          method: q.method,
          q: q.q,
        });
      },
    );

    app.get(
      '/admin/withdrawals/:id',
      {
        preValidation: permit('money.read'),
        schema: {
          tags,
          summary: 'A withdrawal with the client’s recent activity beside it',
          params: idParams,
          response: { 200: z.object({ data: adminWithdrawalDetailSchema }) },
        },
      },
      async (request) => ({ data: await decisions.detail(request.params.id) }),
    );

    app.post(
      '/admin/withdrawals/:id/approve',
      {
        preValidation: permit('money.approve'),
        schema: {
          tags,
          summary: 'Approve (one approval; at or above the threshold two, by different staff members)',
          params: idParams,
          response: { 200: one },
        },
      },
      async (request) => ({ data: await decisions.approve(request.params.id, staffActor(request)) }),
    );

    app.post(
      '/admin/withdrawals/:id/reject',
      {
        preValidation: permit('money.approve'),
        schema: {
          tags,
          summary: 'Reject with a coded reason; the held amount returns to the customer',
          params: idParams,
          body: rejectWithdrawalSchema,
          response: { 200: one },
        },
      },
      async (request) => ({
        data: await decisions.reject(request.params.id, request.body, staffActor(request)),
      }),
    );

    app.post(
      '/admin/withdrawals/:id/process',
      {
        preValidation: permit('money.approve'),
        schema: {
          tags,
          summary:
            'Send an approved withdrawal: the provider pays it out where it can, else staff pay it and complete it',
          params: idParams,
          response: { 200: one },
        },
      },
      async (request) => ({ data: await decisions.process(request.params.id, staffActor(request)) }),
    );

    app.post(
      '/admin/withdrawals/:id/complete',
      {
        preValidation: permit('money.approve'),
        schema: {
          tags,
          summary: 'Mark a payout sent: the held amount leaves to cash and the fee to revenue',
          params: idParams,
          response: { 200: one },
        },
      },
      async (request) => ({ data: await decisions.complete(request.params.id, staffActor(request)) }),
    );
  };

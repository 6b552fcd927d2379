import { approvalSchema, centsToAmount, ledgerAdjustmentSchema } from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { presentApproval } from '../approvals/present.ts';
import { actorOf } from '../audit/service.ts';
import { permit, requirePermission } from '../staff/policy.ts';
import type { StaffAdjustments } from './adjustments.ts';

export const accountsAdminRoutes =
  (deps: { db: Db; adjustments: StaffAdjustments }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/admin/accounts/:id/adjustments',
      {
        preValidation: permit('money.adjust'),
        schema: {
          tags: ['admin'],
          summary:
            'Credit or debit a balance or credit with a reason: applied at once (200), or from the four-eyes threshold on, queued for a second staff member’s approval (202)',
          params: z.object({ id: z.coerce.number().int().positive() }),
          body: ledgerAdjustmentSchema,
          response: {
            200: z.object({ data: z.object({ balance: z.number(), credit_balance: z.number() }) }),
            202: z.object({
              data: z.object({ status: z.literal('pending_approval'), approval: approvalSchema }),
            }),
          },
        },
      },
      async (request, reply) => {
        const staff = requirePermission(request, 'money.adjust');
        const r = await deps.adjustments.adjust(request.params.id, request.body, {
          ...actorOf(request),
          actorId: staff.user.id,
        });
        if (r.status === 'pending_approval') {
          const approval = await presentApproval(deps.db, r.approval);
          return reply.status(202).send({ data: { status: 'pending_approval' as const, approval } });
        }
        return reply.status(200).send({
          data: { balance: centsToAmount(r.balanceCents), credit_balance: centsToAmount(r.creditCents) },
        });
      },
    );
  };

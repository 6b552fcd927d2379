import { centsToAmount, ledgerAdjustmentSchema } from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, staffOnly } from '../auth/authPlugin.ts';
import type { StaffAdjustments } from './adjustments.ts';

export const accountsAdminRoutes =
  (adjustments: StaffAdjustments): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/admin/accounts/:id/adjustments',
      {
        preValidation: staffOnly,
        schema: {
          tags: ['admin'],
          summary: 'Credit or debit a trading account’s balance or credit, with a reason (a ledger entry)',
          params: z.object({ id: z.coerce.number().int().positive() }),
          body: ledgerAdjustmentSchema,
          response: {
            200: z.object({ data: z.object({ balance: z.number(), credit_balance: z.number() }) }),
          },
        },
      },
      async (request) => {
        const staff = requireStaff(request);
        const r = await adjustments.adjust(request.params.id, request.body, staff.user.id);
        return {
          data: { balance: centsToAmount(r.balanceCents), credit_balance: centsToAmount(r.creditCents) },
        };
      },
    );
  };

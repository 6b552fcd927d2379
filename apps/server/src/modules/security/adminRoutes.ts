import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/service.ts';
import { permit } from '../staff/policy.ts';
import type { TwoFactorService } from './twoFactorService.ts';

/** Staff: reset a customer's two-factor (lost phone and recovery codes). */
export const securityAdminRoutes =
  (deps: { twoFactor: TwoFactorService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/admin/clients/:id/2fa/reset',
      {
        preValidation: permit('clients.manage'),
        schema: {
          tags: ['admin'],
          summary: "Reset a customer's two-factor; their sessions end (audited security.2fa_reset)",
          params: z.object({ id: z.coerce.number().int().positive() }),
          body: z.object({ reason: z.string().trim().max(500).optional() }).optional(),
          response: { 200: z.object({ data: z.null() }) },
        },
      },
      async (request) => {
        await deps.twoFactor.staffReset(actorOf(request), request.params.id, request.body?.reason || null);
        return { data: null };
      },
    );
  };

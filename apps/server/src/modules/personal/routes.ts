import {
  personalInputSchemaAt,
  personalSchema,
  personalUpdateResultSchema,
  personalVersionListSchema,
} from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { actorOf } from '../audit/service.ts';
import { requireAuth, signedInOnly } from '../auth/authPlugin.ts';
import type { PersonalService } from './service.ts';

const tags = ['personal'];

/** `/main/personal`: the customer's own details, changes, change requests and versions. */
export const personalRoutes =
  (deps: { personal: PersonalService; clock: Clock }): FastifyPluginAsyncZod =>
  async (app) => {
    // 18+ is judged on the server's clock, not the machine's (tests move it).
    const body = personalInputSchemaAt(() => deps.clock.now());

    app.get(
      '/personal',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary: 'Your personal information, which fields verification locked and why, and change requests',
          response: { 200: z.object({ data: personalSchema }) },
        },
      },
      async (request) => ({ data: await deps.personal.get(requireAuth(request).user.id) }),
    );

    app.put(
      '/personal',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary:
            'Save your personal information: unlocked fields apply at once, locked ones become a request staff approve',
          body,
          response: { 200: personalUpdateResultSchema },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        return deps.personal.update(user.id, request.body, { ...actorOf(request), actorId: user.id });
      },
    );

    app.get(
      '/personal/versions',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary: 'Every kept version of your personal information, newest first',
          response: { 200: personalVersionListSchema },
        },
      },
      async (request) => ({ data: await deps.personal.versions(requireAuth(request).user.id, false) }),
    );
  };

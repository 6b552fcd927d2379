import { userSchema } from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { requireAuth, signedInOnly } from '../auth/authPlugin.ts';
import { presentUser } from './presentUser.ts';
import { touchLastSeen } from './repo.ts';

export const userRoutes =
  (deps: { db: Db; clock: Clock }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/user',
      {
        preValidation: signedInOnly,
        schema: {
          tags: ['users'],
          summary: 'The signed-in user (SPEC §3 User)',
          querystring: z.object({ account_index: z.coerce.number().int().min(0).max(100).default(0) }),
          response: { 200: z.object({ data: userSchema }) },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        return { data: await presentUser(deps.db, user, deps.clock.now(), request.query.account_index) };
      },
    );

    app.post(
      '/user/heartbeat',
      {
        preValidation: signedInOnly,
        schema: {
          tags: ['users'],
          summary: 'Marks the user online (sent every 60 s while the page is visible)',
          response: { 200: z.object({ data: z.object({ is_online: z.literal(true) }) }) },
        },
      },
      async (request) => {
        await touchLastSeen(deps.db, requireAuth(request).user.id, deps.clock.now());
        return { data: { is_online: true as const } };
      },
    );
  };

import { healthSchema } from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';

const VERSION = process.env.npm_package_version ?? '0.1.0';

export const healthRoutes =
  (deps: { database: Database; roles: string[]; startedAt: number }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness and database reachability',
          response: { 200: z.object({ data: healthSchema }), 503: z.object({ data: healthSchema }) },
        },
      },
      async (_request, reply) => {
        const healthy = await deps.database.ping().then(
          () => true,
          () => false,
        );
        const data = {
          status: healthy ? ('ok' as const) : ('degraded' as const),
          version: VERSION,
          uptime_s: Math.round((Date.now() - deps.startedAt) / 1000),
          database: deps.database.kind,
          roles: deps.roles,
        };
        return reply.status(healthy ? 200 : 503).send({ data });
      },
    );
  };

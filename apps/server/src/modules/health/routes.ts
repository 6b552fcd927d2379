import { healthSchema } from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { RoleStatus } from '../../roles/roles.ts';

const VERSION = process.env.npm_package_version ?? '0.1.0';

export const healthRoutes =
  (deps: { database: Database; roles: RoleStatus; startedAt: number }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness, database reachability and the roles this node runs',
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
          roles: [...deps.roles.configured],
          holding: deps.roles.holding(),
          waiting: deps.roles.waiting(),
          quarantined_ticks: app.hasDecorator('market') ? app.market.quarantine.count : 0,
        };
        return reply.status(healthy ? 200 : 503).send({ data });
      },
    );
  };

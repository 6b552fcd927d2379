import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';

export const serverTimeSchema = z.object({
  /** ISO 8601 in UTC. */
  now: z.string(),
  epoch_ms: z.number().int(),
});

/**
 * `GET /time`: the server's clock, public and without a database call, so the connection check
 * (`/main/test`) can measure the browser's clock offset. Trading hours, candles and expiries all run
 * on this clock, so a customer whose device is minutes off sees times that disagree with the server.
 */
export const timeRoutes =
  (deps: { clock: Clock }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/time',
      {
        schema: {
          tags: ['health'],
          summary: "The server's current time, for measuring a client's clock offset",
          response: { 200: z.object({ data: serverTimeSchema }) },
        },
      },
      async (_request, reply) => {
        const now = deps.clock.now();
        // Never cached: a stored answer would report a stale time as the server's.
        void reply.header('Cache-Control', 'no-store');
        return { data: { now: now.toISOString(), epoch_ms: now.getTime() } };
      },
    );
  };

import { planUpdateSchema } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { plans } from '../../db/schema.ts';
import { AppError, validationError } from '../../errors.ts';
import type { Bus } from '../../realtime/bus.ts';
import { staffOnly } from '../auth/authPlugin.ts';

const planOut = z.object({
  id: z.number(),
  title: z.string(),
  leverage: z.number(),
  margin_call_level: z.number(),
  stop_out_level: z.number(),
});

/** Staff set a plan's leverage, margin call and stop-out levels; caches and the risk engine follow at once. */
export const planRoutes =
  (deps: { db: Db; bus: Bus }): FastifyPluginAsyncZod =>
  async (app) => {
    app.patch(
      '/admin/plans/:id',
      {
        preValidation: staffOnly,
        schema: {
          tags: ['admin'],
          summary: 'Change a plan’s leverage, margin call level and stop-out level',
          params: z.object({ id: z.coerce.number().int().positive() }),
          body: planUpdateSchema,
          response: { 200: z.object({ data: planOut }) },
        },
      },
      async (request) => {
        const [current] = await deps.db.select().from(plans).where(eq(plans.id, request.params.id));
        if (!current) throw new AppError('NOT_FOUND', 'No such plan.');
        const b = request.body;
        const marginCall = b.margin_call_level ?? current.marginCallLevel;
        const stopOut = b.stop_out_level ?? current.stopOutLevel;
        if (stopOut >= marginCall) {
          throw validationError({
            stop_out_level: ['The stop-out level must be below the margin call level'],
          });
        }
        const [row] = await deps.db
          .update(plans)
          .set({ leverage: b.leverage, marginCallLevel: marginCall, stopOutLevel: stopOut })
          .where(eq(plans.id, current.id))
          .returning();
        if (!row) throw new AppError('NOT_FOUND', 'No such plan.');
        deps.bus.publish('settings.updated', {});
        return {
          data: {
            id: row.id,
            title: row.title,
            leverage: row.leverage,
            margin_call_level: row.marginCallLevel,
            stop_out_level: row.stopOutLevel,
          },
        };
      },
    );
  };

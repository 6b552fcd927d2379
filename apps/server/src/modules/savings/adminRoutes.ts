import { savingsProductInputSchema, savingsProductSchema } from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/service.ts';
import { staffOnly } from '../auth/authPlugin.ts';
import { permit } from '../staff/policy.ts';
import type { SavingsProducts } from './products.ts';

const tags = ['admin', 'savings'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
const one = z.object({ data: savingsProductSchema });

/** Savings products in the back office: every product, and creating or changing one (audited). */
export const savingsAdminRoutes =
  (deps: { products: SavingsProducts }): FastifyPluginAsyncZod =>
  async (app) => {
    const { products } = deps;
    app.addHook('preValidation', staffOnly);

    app.get(
      '/admin/savings/products',
      {
        preValidation: permit('money.read'),
        schema: {
          tags,
          summary: 'Every savings product, enabled or not',
          response: { 200: z.object({ data: z.array(savingsProductSchema) }) },
        },
      },
      async () => ({ data: await products.list(false) }),
    );

    app.post(
      '/admin/savings/products',
      {
        preValidation: permit('settings.write'),
        schema: {
          tags,
          summary: 'Create a savings product (audited)',
          body: savingsProductInputSchema,
          response: { 200: one },
        },
      },
      async (request) => ({ data: await products.create(actorOf(request), request.body) }),
    );

    app.put(
      '/admin/savings/products/:id',
      {
        preValidation: permit('settings.write'),
        schema: {
          tags,
          summary: 'Change a savings product; open deposits keep their rate and term (audited)',
          params: idParams,
          body: savingsProductInputSchema,
          response: { 200: one },
        },
      },
      async (request) => ({
        data: await products.update(actorOf(request), request.params.id, request.body),
      }),
    );
  };

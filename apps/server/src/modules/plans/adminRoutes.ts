import {
  adminPlanSchema,
  adminPlansResponseSchema,
  planCreateSchema,
  planFeatureCreateSchema,
  planFeatureRowSchema,
  planFeatureUpdateSchema,
  planUpdateSchema,
} from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/service.ts';
import { permit } from '../staff/policy.ts';
import type { PlansAdmin } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const planOut = z.object({ data: adminPlanSchema });
const featureOut = z.object({ data: planFeatureRowSchema });

/** Staff manage plans and the plan comparison's rows (all under `plans.write`). */
export const plansAdminRoutes =
  (deps: { plans: PlansAdmin }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['admin'];
    const preValidation = permit('plans.write');

    app.get(
      '/admin/plans',
      {
        preValidation,
        schema: {
          tags,
          summary:
            'Every plan with its levels, Expert Advisors and comparison values, and the comparison rows',
          response: { 200: adminPlansResponseSchema },
        },
      },
      async () => ({ data: await deps.plans.list() }),
    );

    app.post(
      '/admin/plans',
      {
        preValidation,
        schema: { tags, summary: 'Create a plan', body: planCreateSchema, response: { 201: planOut } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await deps.plans.create(actorOf(request), request.body) }),
    );

    app.patch(
      '/admin/plans/:id',
      {
        preValidation,
        schema: {
          tags,
          summary:
            'Change a plan: title, colour, icon, leverage, margin call and stop-out levels, order, advisors, values',
          params: idParams,
          body: planUpdateSchema,
          response: { 200: planOut },
        },
      },
      async (request) => ({
        data: await deps.plans.update(actorOf(request), request.params.id, request.body),
      }),
    );

    app.get(
      '/admin/plan-features',
      {
        preValidation,
        schema: {
          tags,
          summary: 'The plan comparison’s rows in order',
          response: { 200: z.object({ data: z.array(planFeatureRowSchema) }) },
        },
      },
      async () => ({ data: (await deps.plans.list()).plan_features }),
    );

    app.post(
      '/admin/plan-features',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Add a comparison row (every plan gets an empty value in it)',
          body: planFeatureCreateSchema,
          response: { 201: featureOut },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await deps.plans.createFeature(actorOf(request), request.body) }),
    );

    app.patch(
      '/admin/plan-features/:id',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Rename or move a comparison row (plans’ values move with it)',
          params: idParams,
          body: planFeatureUpdateSchema,
          response: { 200: featureOut },
        },
      },
      async (request) => ({
        data: await deps.plans.updateFeature(actorOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/admin/plan-features/:id',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Remove a comparison row and every plan’s value in it',
          params: idParams,
          response: { 200: z.object({ data: z.object({ id: z.number() }) }) },
        },
      },
      async (request) => {
        await deps.plans.deleteFeature(actorOf(request), request.params.id);
        return { data: { id: request.params.id } };
      },
    );
  };

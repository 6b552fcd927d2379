import { dashboardResponseSchema } from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { permit } from '../staff/policy.ts';
import type { DashboardService } from './service.ts';

/** `GET /admin/dashboard`: the broker at a glance (issue 13), for anyone who may read clients. */
export const dashboardAdminRoutes =
  (deps: { dashboard: DashboardService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/dashboard',
      {
        preValidation: permit('clients.read'),
        schema: {
          tags: ['admin'],
          summary:
            'Customers by status, queues, today’s money, exposure per instrument, customer P/L and margin calls',
          response: { 200: dashboardResponseSchema },
        },
      },
      async () => ({ data: await deps.dashboard.build() }),
    );
  };

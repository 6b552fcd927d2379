import {
  advisorRunSchema,
  pagedSchema,
  RUN_STATUSES,
  runDecisionSchema,
  staffRunSchema,
  staffStopRunSchema,
} from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../audit/service.ts';
import { permit } from '../../staff/policy.ts';
import type { AdvisorDeps } from '../deps.ts';
import type { AdvisorRuns } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
/** A run in the staff list: whose it is too. */
const runsQuery = z.object({
  status: z.enum(RUN_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(25),
});

/** Running advisors across all clients (issue 16 "Staff"): the list, their logs, a stop with a reason. */
export const runAdminRoutes =
  (deps: AdvisorDeps & { runs: AdvisorRuns }): FastifyPluginAsyncZod =>
  async (app) => {
    const { runs } = deps;
    const tags = ['admin'];

    app.get(
      '/admin/advisor_runs',
      {
        preValidation: permit('clients.read'),
        schema: {
          tags,
          summary: "Every client's Expert Advisor and AutoTrader runs, newest first",
          querystring: runsQuery,
          response: { 200: pagedSchema(staffRunSchema) },
        },
      },
      async (request) => {
        const q = request.query;
        const { rows, total } = await runs.page(q.status, q.page, q.per_page);
        return {
          data: rows,
          meta: {
            current_page: q.page,
            last_page: Math.max(1, Math.ceil(total / q.per_page)),
            per_page: q.per_page,
            total,
          },
          links: { next: null, prev: null },
        };
      },
    );

    app.post(
      '/admin/advisor_runs/:id/stop',
      {
        preValidation: permit('advisors.manage'),
        schema: {
          tags,
          summary: 'Stop any run, with a reason (the customer is told; audited)',
          params: idParams,
          body: staffStopRunSchema,
          response: { 200: z.object({ data: advisorRunSchema, message: z.string() }) },
        },
      },
      async (request) => ({
        data: await runs.staffStop(request.params.id, actorOf(request), request.body.reason),
        message: 'Expert Advisor stopped',
      }),
    );

    app.get(
      '/admin/advisor_runs/:id/decisions',
      {
        preValidation: permit('clients.read'),
        schema: {
          tags,
          summary: "A run's log of decisions, newest first",
          params: idParams,
          response: { 200: z.object({ data: z.array(runDecisionSchema) }) },
        },
      },
      async (request) => ({ data: await runs.decisions(null, request.params.id) }),
    );
  };

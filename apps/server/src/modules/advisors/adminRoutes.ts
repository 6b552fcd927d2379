import { adminAdvisorSchema, advisorInputSchema, listStrategies } from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { actorOf } from '../audit/service.ts';
import { requireStaff, staffOnly } from '../auth/authPlugin.ts';
import { permit } from '../staff/policy.ts';
import { createBacktests } from './backtests.ts';
import { createCatalogue, NOT_FOUND } from './catalogue.ts';
import type { AdvisorRunsApi } from './contract.ts';
import type { AdvisorDeps } from './deps.ts';
import { advisorPerformance, advisorPerformanceSchema } from './performance.ts';
import { strategyInfoSchema } from './present.ts';
import { findAdvisor } from './repo.ts';

const tags = ['admin', 'expert advisors'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const one = z.object({ data: adminAdvisorSchema });

/** The signed-in staff member as an audit actor. */
const staffActor = (request: FastifyRequest) => ({
  ...actorOf(request),
  actorId: requireStaff(request).user.id,
});

/**
 * The back office's Expert Advisors (issue 16): the catalogue editor, backtest reruns, the
 * strategies staff build advisors from, and per-advisor performance across clients. Reads need
 * `clients.read`, changes `advisors.manage`; every change is audited. Registering these schedules
 * the job that backtests advisors still without figures on the `bots` role.
 */
export function advisorAdminRoutes(deps: AdvisorDeps & { runs: AdvisorRunsApi }): FastifyPluginAsyncZod {
  const catalogue = createCatalogue(deps);
  const backtests = createBacktests(deps);

  return async (app) => {
    app.addHook('preValidation', staffOnly);
    const read = permit('clients.read');
    const manage = permit('advisors.manage');

    app.get(
      '/admin/expert_advisors',
      {
        preValidation: read,
        schema: {
          tags,
          summary: 'Every Expert Advisor, withdrawn ones too, with strategy parameters, limits and plans',
          response: { 200: z.object({ data: z.array(adminAdvisorSchema) }) },
        },
      },
      async () => ({ data: await catalogue.adminList() }),
    );

    app.get(
      '/admin/expert_advisors/:id',
      {
        preValidation: read,
        schema: {
          tags,
          summary: 'One Expert Advisor as the editor shows it',
          params: idParams,
          response: { 200: one },
        },
      },
      async (request) => ({ data: await catalogue.adminGet(request.params.id) }),
    );

    app.post(
      '/admin/expert_advisors',
      {
        preValidation: manage,
        schema: {
          tags,
          summary:
            'Add an Expert Advisor from a strategy with preset parameters, limits, price, category and plans (audited)',
          body: advisorInputSchema,
          response: { 201: one },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await catalogue.create(staffActor(request), request.body) }),
    );

    app.put(
      '/admin/expert_advisors/:id',
      {
        preValidation: manage,
        schema: {
          tags,
          summary:
            'Change an Expert Advisor; withdrawing it stops its running runs, taking a plan off stops that plan’s runs (audited)',
          params: idParams,
          body: advisorInputSchema,
          response: { 200: one },
        },
      },
      async (request) => ({
        data: await catalogue.update(staffActor(request), request.params.id, request.body),
      }),
    );

    app.post(
      '/admin/expert_advisors/:id/backtest',
      {
        preValidation: manage,
        schema: {
          tags,
          summary:
            'Rerun the backtest on the last 30 days of stored candles (or what exists), USD 10,000 account (audited)',
          params: idParams,
          response: { 200: one },
        },
      },
      async (request) => {
        const advisor = await findAdvisor(deps.db, request.params.id);
        if (!advisor) throw new AppError('NOT_FOUND', NOT_FOUND);
        await backtests.rerun(advisor, staffActor(request));
        return { data: await catalogue.adminGet(advisor.id) };
      },
    );

    app.get(
      '/admin/strategies',
      {
        preValidation: read,
        schema: {
          tags,
          summary:
            'The strategies advisors are built from: how each trades, its risks, default parameters and fields',
          response: { 200: z.object({ data: z.array(strategyInfoSchema) }) },
        },
      },
      async () => ({ data: listStrategies() }),
    );

    app.get(
      '/admin/advisor_performance',
      {
        preValidation: read,
        schema: {
          tags,
          summary:
            'Per advisor across clients: runs running and in total, closed trades, win rate, realised P/L (live accounts; USD at the live rate and per currency)',
          response: { 200: z.object({ data: z.array(advisorPerformanceSchema) }) },
        },
      },
      async () => ({ data: await advisorPerformance(deps.db, deps.market) }),
    );
  };
}

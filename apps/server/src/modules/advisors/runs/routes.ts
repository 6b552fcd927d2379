import { advisorRunSchema, runDecisionSchema, startRunSchema } from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, signedInOnly } from '../../auth/authPlugin.ts';
import type { AdvisorDeps } from '../deps.ts';
import type { AdvisorRuns } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const runAnswer = z.object({ data: advisorRunSchema, message: z.string() });

/**
 * The customer's runs (issue 16): SPEC's Running/Stopped toggle of the Algo Trader tree starts and
 * stops a real run; the tree reads the runs (state, open positions, P/L today) and their logs.
 */
export const runRoutes =
  (deps: AdvisorDeps & { runs: AdvisorRuns }): FastifyPluginAsyncZod =>
  async (app) => {
    const { runs } = deps;
    const tags = ['advisors'];

    app.post(
      '/expert_advisors/:id/start',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary: 'Start one of your Expert Advisors on one of your accounts (a running one answers itself)',
          params: idParams,
          body: startRunSchema.nullable().optional(),
          response: { 200: runAnswer },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        await runs.startAdvisor(user, request.params.id, request.body?.account_id);
        return { data: await runs.runOf(user, request.params.id), message: 'Expert Advisor started' };
      },
    );

    app.post(
      '/expert_advisors/:id/stop',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary: 'Stop your running Expert Advisor (a stopped one answers as it is)',
          params: idParams,
          response: { 200: runAnswer },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        await runs.stopAdvisor(user, request.params.id);
        return { data: await runs.runOf(user, request.params.id), message: 'Expert Advisor stopped' };
      },
    );

    app.get(
      '/advisor_runs',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary: 'Your Expert Advisor and AutoTrader runs, running first, the latest 50',
          response: { 200: z.object({ data: z.array(advisorRunSchema) }) },
        },
      },
      async (request) => ({ data: await runs.listOf(requireAuth(request).user) }),
    );

    app.get(
      '/advisor_runs/:id/decisions',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary: "A run's log of decisions, newest first (why a signal was or was not executed)",
          params: idParams,
          response: { 200: z.object({ data: z.array(runDecisionSchema) }) },
        },
      },
      async (request) => ({ data: await runs.decisions(requireAuth(request).user, request.params.id) }),
    );

    app.post(
      '/autotrader/stop',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary: 'Stop your AutoTrader',
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await runs.stopAutoTrader(requireAuth(request).user);
        return { message: 'AutoTrader stopped' };
      },
    );
  };

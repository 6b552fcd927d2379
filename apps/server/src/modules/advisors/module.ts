import type { FastifyPluginAsync } from 'fastify';
import { advisorAdminRoutes } from './adminRoutes.ts';
import { createBacktests } from './backtests.ts';
import type { AdvisorDeps } from './deps.ts';
import { advisorRoutes } from './routes.ts';
import { runAdminRoutes } from './runs/adminRoutes.ts';
import { runRoutes } from './runs/routes.ts';
import { type AdvisorRuns, createAdvisorRuns } from './runs/service.ts';

/**
 * Expert Advisors, the marketplace and AutoTrader (issue 16, DESIGN §13). The runs are created
 * once per app (their runner registers on the `bots` scheduler); the routes are thin over them.
 */
export function createAdvisors(deps: AdvisorDeps): { runs: AdvisorRuns; routes: FastifyPluginAsync } {
  const runs = createAdvisorRuns(deps);
  runs.attach(deps.scheduler);
  // On every node, so a bots-only node (no routes) still fills missing catalogue backtests.
  createBacktests(deps).schedule();
  const all = { ...deps, runs };
  return {
    runs,
    routes: async (api) => {
      await api.register(advisorRoutes(all));
      await api.register(advisorAdminRoutes(all));
      await api.register(runRoutes(all));
      await api.register(runAdminRoutes(all));
    },
  };
}

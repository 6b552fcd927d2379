import type { FastifyPluginAsync } from 'fastify';
import type { MoneyDeps } from '../moneyDeps.ts';
import { statementsRoutes } from './routes.ts';
import { createStatementsService } from './service.ts';

/** The statements module: statements as JSON, CSV and PDF, and the closed-trades CSV. */
export function statementsModule(deps: MoneyDeps): FastifyPluginAsync {
  const statements = createStatementsService(deps);
  return async (app) => {
    await app.register(statementsRoutes({ statements }));
  };
}

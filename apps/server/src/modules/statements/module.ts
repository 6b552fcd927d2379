import type { FastifyPluginAsync } from 'fastify';
import type { MoneyDeps } from '../moneyDeps.ts';

/** The statements module: its customer and staff routes, and its jobs on the scheduler. */
export function statementsModule(_deps: MoneyDeps): FastifyPluginAsync {
  return async () => {};
}

import type { FastifyPluginAsync } from 'fastify';
import type { MoneyDeps } from '../moneyDeps.ts';

/** The payments module: its customer and staff routes, and its jobs on the scheduler. */
export function paymentsModule(_deps: MoneyDeps): FastifyPluginAsync {
  return async () => {};
}

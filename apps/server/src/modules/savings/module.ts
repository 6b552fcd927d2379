import type { FastifyPluginAsync } from 'fastify';
import type { MoneyDeps } from '../moneyDeps.ts';

/** The savings module: its customer and staff routes, and its jobs on the scheduler. */
export function savingsModule(_deps: MoneyDeps): FastifyPluginAsync {
  return async () => {};
}

import type { FastifyPluginAsync } from 'fastify';
import type { MoneyDeps } from '../moneyDeps.ts';

/** The withdrawals module: its customer and staff routes, and its jobs on the scheduler. */
export function withdrawalsModule(_deps: MoneyDeps): FastifyPluginAsync {
  return async () => {};
}

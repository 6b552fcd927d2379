import type { FastifyPluginAsync } from 'fastify';
import type { MoneyDeps } from '../moneyDeps.ts';
import { createSavingsAccrual } from './accrual.ts';
import { savingsAdminRoutes } from './adminRoutes.ts';
import { createSavingsProducts } from './products.ts';
import { savingsRoutes } from './routes.ts';
import { createSavingsService } from './service.ts';

/** How often the accrual job looks for finished days and matured terms. */
const ACCRUAL_EVERY_MS = 60_000;

/** The savings module: its customer and staff routes, and its jobs on the scheduler. */
export function savingsModule(deps: MoneyDeps): FastifyPluginAsync {
  const products = createSavingsProducts(deps);
  const savings = createSavingsService(deps);
  const accrual = createSavingsAccrual(deps);
  deps.scheduler.register({
    name: 'savings.accrue',
    everyMs: ACCRUAL_EVERY_MS,
    run: async () => {
      await accrual.run();
    },
  });
  return async (app) => {
    await app.register(savingsRoutes({ savings, products }));
    await app.register(savingsAdminRoutes({ products }));
  };
}

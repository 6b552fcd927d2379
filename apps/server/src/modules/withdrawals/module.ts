import type { FastifyPluginAsync } from 'fastify';
import { accountsCustomerRoutes } from '../accounts/customerRoutes.ts';
import { createDemoReset } from '../accounts/demo.ts';
import { createAccountOpening } from '../accounts/opening.ts';
import { createTransfers } from '../accounts/transfers.ts';
import type { MoneyDeps } from '../moneyDeps.ts';
import { withdrawalAdminRoutes } from './adminRoutes.ts';
import { createWithdrawalDecisions } from './decisions.ts';
import { withdrawalRoutes } from './routes.ts';
import { createWithdrawals } from './service.ts';

/**
 * The withdrawals module (issue 14): the customer's withdrawals and the staff queue, and, since
 * they spend from the same withdrawable amount, the customer's own accounts: opening live and
 * demo accounts, resetting a demo, and transfers between live accounts.
 */
export function withdrawalsModule(deps: MoneyDeps): FastifyPluginAsync {
  return async (app) => {
    const decisions = createWithdrawalDecisions(deps);
    await app.register(withdrawalRoutes({ withdrawals: createWithdrawals(deps) }));
    await app.register(withdrawalAdminRoutes({ decisions }));
    await app.register(
      accountsCustomerRoutes({
        opening: createAccountOpening(deps),
        demo: createDemoReset(deps),
        transfers: createTransfers(deps),
      }),
    );
  };
}

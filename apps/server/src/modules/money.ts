import type { FastifyInstance } from 'fastify';
import type { MoneyDeps } from './moneyDeps.ts';
import { paymentsModule } from './payments/module.ts';
import { savingsModule } from './savings/module.ts';
import { statementsModule } from './statements/module.ts';
import { withdrawalsModule } from './withdrawals/module.ts';

/** Money in and out (issue 14): deposits, withdrawals and transfers, savings, statements. */
export async function registerMoney(api: FastifyInstance, deps: MoneyDeps): Promise<void> {
  await api.register(paymentsModule(deps));
  await api.register(withdrawalsModule(deps));
  await api.register(savingsModule(deps));
  await api.register(statementsModule(deps));
}

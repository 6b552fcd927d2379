import { and, count, eq, inArray } from 'drizzle-orm';
import { trades } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { idempotent } from '../../lib/idempotency.ts';
import type { SettingsService } from '../settings/service.ts';
import { fundDemo } from './funding.ts';
import { type PresentedTradingAccount, presentTradingAccount } from './opening.ts';
import type { AccountsService } from './service.ts';

/**
 * Resetting a demo account (issue 14): its balance back to the demo amount of site settings. Open
 * positions and pending orders would carry P/L and margin across the reset, so they must be closed
 * (or cancelled) first.
 */
export function createDemoReset(deps: { accounts: AccountsService; settings: SettingsService }) {
  return {
    async reset(
      userId: number,
      accountId: number,
      key: string | undefined,
    ): Promise<PresentedTradingAccount> {
      const target = (await deps.settings.get()).demoBalanceCents;
      return deps.accounts.transaction((work) =>
        idempotent(
          work.tx,
          { userId, key, scope: 'POST /accounts/:id/reset', request: { account_id: accountId } },
          async () => {
            const account = await work.lockOfUser(userId, accountId);
            if (!account) throw new AppError('NOT_FOUND', 'No such trading account.');
            if (account.kind !== 'demo') throw new AppError('CONFLICT', 'Only a demo account can be reset.');
            const [busy] = await work.tx
              .select({ n: count() })
              .from(trades)
              .where(
                and(eq(trades.tradingAccountId, accountId), inArray(trades.status, ['open', 'pending'])),
              );
            if ((busy?.n ?? 0) > 0)
              throw new AppError(
                'CONFLICT',
                'Close your demo positions first (and cancel pending orders), then reset the account.',
              );
            await fundDemo(work, accountId, target, userId, 'Demo account reset');
            work.markChanged(accountId);
            return presentTradingAccount(work.account(accountId));
          },
        ),
      );
    },
  };
}
export type DemoReset = ReturnType<typeof createDemoReset>;

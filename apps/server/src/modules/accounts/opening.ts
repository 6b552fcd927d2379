import { type AccountOptions, centsToAmount, type OpenAccount } from '@openbroker/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import { tradingAccounts, users } from '../../db/schema.ts';
import { AppError, validationError } from '../../errors.ts';
import { idempotent } from '../../lib/idempotency.ts';
import type { UserRow } from '../auth/sessionRepo.ts';
import type { SettingsService } from '../settings/service.ts';
import { fundDemo } from './funding.ts';
import { type AccountRow, insertAccount, type Tx } from './repo.ts';
import type { AccountsService } from './service.ts';

/** How many trading accounts (live and demo together) one customer may hold. */
export const MAX_ACCOUNTS_PER_CUSTOMER = 10;

/** A trading account as `GET /user` lists it (tradingAccountSchema). */
export function presentTradingAccount(a: AccountRow) {
  return {
    id: a.id,
    number: a.number,
    title: a.title,
    type: a.kind,
    currency: a.currency,
    balance: centsToAmount(a.balanceCents),
    credit_balance: centsToAmount(a.creditCents),
  };
}
export type PresentedTradingAccount = ReturnType<typeof presentTradingAccount>;

/** Serialises a customer's account openings, so two at once cannot pass the limits together. */
async function lockCustomer(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * Customers open further trading accounts (issue 14): live in a currency staff allow, or a demo
 * account funded with virtual money in the `demo` book. Money arrives only through the ledger.
 */
export function createAccountOpening(deps: { accounts: AccountsService; settings: SettingsService }) {
  return {
    async options(): Promise<AccountOptions> {
      const s = await deps.settings.get();
      return {
        currencies: s.accountCurrencies,
        demo_balance: centsToAmount(s.demoBalanceCents),
        max_accounts: MAX_ACCOUNTS_PER_CUSTOMER,
      };
    },

    async open(user: UserRow, input: OpenAccount, key: string | undefined): Promise<PresentedTradingAccount> {
      if (user.role !== 'customer') throw new AppError('FORBIDDEN', 'Only customers open trading accounts.');
      if (user.status === 'deactivated') throw new AppError('ACCOUNT_INACTIVE');
      const s = await deps.settings.get();
      if (!s.accountCurrencies.includes(input.currency))
        throw validationError({
          currency: [`Accounts can be opened in ${s.accountCurrencies.join(', ')}.`],
        });
      return deps.accounts.transaction((work) =>
        idempotent(work.tx, { userId: user.id, key, scope: 'POST /accounts', request: input }, async () => {
          await lockCustomer(work.tx, user.id);
          const [held] = await work.tx
            .select({
              all: count(),
              demo: sql<number>`(count(*) filter (where ${tradingAccounts.kind} = 'demo' and ${tradingAccounts.currency} = ${input.currency}))::int`,
            })
            .from(tradingAccounts)
            .where(and(eq(tradingAccounts.userId, user.id)));
          if ((held?.all ?? 0) >= MAX_ACCOUNTS_PER_CUSTOMER)
            throw new AppError(
              'CONFLICT',
              `You can hold at most ${MAX_ACCOUNTS_PER_CUSTOMER} trading accounts.`,
            );
          if (input.type === 'demo' && (held?.demo ?? 0) > 0)
            throw new AppError(
              'CONFLICT',
              `You already have a demo account in ${input.currency}: reset it to start again.`,
            );
          const opened = await insertAccount(work.tx, {
            userId: user.id,
            currency: input.currency,
            kind: input.type,
            title: input.title ?? `${input.type === 'demo' ? 'Demo' : 'Live'} ${input.currency}`,
          });
          await work.lockOne(opened.id);
          // Published after commit like any account change, so the client and the risk engine learn of it.
          work.markChanged(opened.id);
          if (input.type === 'demo')
            await fundDemo(work, opened.id, s.demoBalanceCents, user.id, 'Demo account opened');
          return presentTradingAccount(work.account(opened.id));
        }),
      );
    },
  };
}
export type AccountOpening = ReturnType<typeof createAccountOpening>;

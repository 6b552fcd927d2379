import { convertCents, type PurchaseAdvisor } from '@openbroker/domain';
import { AppError, validationError } from '../../errors.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { accountsOfUser, type LockedRow } from '../accounts/repo.ts';
import { withdrawableNow } from '../accounts/withdrawable.ts';
import type { AccountsWork } from '../accounts/work.ts';
import type { UserRow } from '../auth/sessionRepo.ts';
import { liveRate, money } from '../withdrawals/available.ts';
import { NOT_FOUND } from './catalogue.ts';
import type { AdvisorDeps } from './deps.ts';
import { countDownload, easOfPlan, findAdvisor, insertPurchase, ownsAdvisor } from './repo.ts';

export const PURCHASED = 'Expert Advisor purchased successfully';
export const NOT_IN_PLAN = 'This Expert Advisor is not available for your plan';
export const ALREADY_OWNED = 'You already own this Expert Advisor';
const NO_ACCOUNT = 'No such trading account.';

export interface PurchaseAnswer {
  status: 'success';
  message: string;
}

/** The live account that pays, locked: the one named, else the customer's first live account. */
async function payingAccount(
  work: AccountsWork,
  userId: number,
  accountId: number | undefined,
): Promise<LockedRow> {
  let id = accountId;
  if (id === undefined) {
    // Which accounts are live never changes, so this read needs no lock; the chosen one is locked next.
    id = (await accountsOfUser(work.tx, userId)).find((a) => a.kind === 'live')?.id;
    if (id === undefined)
      throw validationError({ account_id: ['You need a live account to buy an Expert Advisor.'] });
  }
  const account = await work.lockOfUser(userId, id);
  if (!account) throw new AppError('NOT_FOUND', NO_ACCOUNT);
  if (account.kind !== 'live')
    throw validationError({
      account_id: ['A demo account holds virtual funds: pay for an Expert Advisor from a live account.'],
    });
  return account;
}

/**
 * Buying an Expert Advisor (SPEC §7 POST /purchase/ea, issue 16). In one transaction: the advisor
 * must be on sale and in the customer's plan, not owned yet; the paying live account is locked, the
 * USD price converted at the live mid rate, checked against what may leave the account now (free
 * margin, never credit), booked customer → house `revenue`, and the purchase recorded with the
 * download counted. A free advisor is recorded without a ledger entry. The same Idempotency-Key
 * answers the first result again; a concurrent duplicate finds the first purchase and gets the 409.
 */
export function createPurchases(deps: AdvisorDeps) {
  const { accounts, market } = deps;

  return {
    async purchase(user: UserRow, input: PurchaseAdvisor, key: string | undefined): Promise<PurchaseAnswer> {
      if (user.role !== 'customer' || user.status !== 'active') throw new AppError('ACCOUNT_INACTIVE');
      const answer = await accounts.transaction((work) =>
        idempotent(
          work.tx,
          { userId: user.id, key, scope: 'POST /purchase/ea', request: input },
          async () => {
            const advisor = await findAdvisor(work.tx, input.expert_advisor_id);
            if (!advisor?.active) throw new AppError('NOT_FOUND', NOT_FOUND);
            if (!(await easOfPlan(work.tx, user.planId)).includes(advisor.id))
              throw new AppError('FORBIDDEN', NOT_IN_PLAN);
            if (await ownsAdvisor(work.tx, user.id, advisor.id))
              throw new AppError('CONFLICT', ALREADY_OWNED);

            if (advisor.priceCents === 0n) {
              const row = await insertPurchase(work.tx, {
                userId: user.id,
                advisorId: advisor.id,
                tradingAccountId: null,
                amountCents: 0n,
                currency: 'USD',
                priceCents: 0n,
              });
              if (!row) throw new AppError('CONFLICT', ALREADY_OWNED);
              await countDownload(work.tx, advisor.id);
              return { status: 'success' as const, message: PURCHASED };
            }

            const account = await payingAccount(work, user.id, input.account_id);
            const rate = liveRate(market, 'USD', account.currency);
            const amountCents =
              account.currency === 'USD' ? advisor.priceCents : convertCents(advisor.priceCents, rate);
            const available = await withdrawableNow(work.tx, market, account);
            if (amountCents > available)
              throw validationError({
                account_id: [
                  `Not enough funds to buy this Expert Advisor: ${money(amountCents, account.currency)} needed, ${money(available < 0n ? 0n : available, account.currency)} available`,
                ],
              });
            // The purchase row first: a concurrent duplicate waits on its unique index and then finds it.
            const row = await insertPurchase(work.tx, {
              userId: user.id,
              advisorId: advisor.id,
              tradingAccountId: account.id,
              amountCents,
              currency: account.currency,
              priceCents: advisor.priceCents,
            });
            if (!row) throw new AppError('CONFLICT', ALREADY_OWNED);
            await work.post({
              tradingAccountId: account.id,
              field: 'balance',
              amountCents: -amountCents,
              houseAccount: 'revenue',
              kind: 'advisor_purchase',
              reason: `Expert Advisor "${advisor.name}" purchased for ${money(amountCents, account.currency)}`,
              createdBy: user.id,
              ref: { type: 'advisor_purchase', id: row.id },
            });
            await countDownload(work.tx, advisor.id);
            return { status: 'success' as const, message: PURCHASED };
          },
        ),
      );
      // The client refetches the user (its `eas`) on this; a paid purchase's balance change publishes it too.
      deps.bus.publish('user.updated', { userId: user.id });
      deps.bus.publish('admin.changed', { scope: 'clients', id: String(user.id) });
      return answer;
    },
  };
}
export type Purchases = ReturnType<typeof createPurchases>;

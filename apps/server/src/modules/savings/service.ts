import {
  centsToAmount,
  describeEntry,
  formatMoney,
  type SavingsHistoryEntry,
  type SavingsPosition,
  type SubscribeSavings,
  toCents,
} from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { MarketData } from '../../feed/MarketData.ts';
import type { Clock } from '../../lib/clock.ts';
import { idempotent } from '../../lib/idempotency.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { AccountsService } from '../accounts/service.ts';
import { withdrawableNow } from '../accounts/withdrawable.ts';
import { insertNotification, type NotificationRow, publishNotification } from '../notifications/repo.ts';
import type { Page } from '../trading/reads.ts';
import { positionRef, redeemInWork } from './postings.ts';
import { presentPosition } from './present.ts';
import {
  insertPosition,
  lockPosition,
  pageOfSavingsEntries,
  positionById,
  positionsOfUser,
  productById,
} from './repo.ts';

export const SAVINGS_HISTORY_PAGE_SIZE = 20;

/**
 * A customer's savings (issue 14): subscribing moves money from a live trading account to the
 * house `savings` account, redeeming moves the principal and the interest accrued so far back,
 * each in one locked, idempotent transaction through the accounts owner.
 */
export function createSavingsService(deps: {
  db: Db;
  clock: Clock;
  bus: Bus;
  accounts: AccountsService;
  market: MarketData;
}) {
  const { db, clock, accounts } = deps;

  return {
    async positions(userId: number): Promise<SavingsPosition[]> {
      const now = clock.now();
      return (await positionsOfUser(db, userId)).map((r) => presentPosition(r.position, r.product, now));
    },

    async subscribe(
      userId: number,
      key: string | undefined,
      body: SubscribeSavings,
    ): Promise<SavingsPosition> {
      let note: NotificationRow | undefined;
      const answer = await accounts.transaction((work) =>
        idempotent(work.tx, { userId, key, scope: 'POST /savings', request: body }, async () => {
          const product = await productById(work.tx, body.product_id);
          if (!product?.enabled) throw new AppError('NOT_FOUND', 'No such savings product.');
          const account = await work.lockOfUser(userId, body.account_id);
          if (!account) throw new AppError('NOT_FOUND', 'No such trading account.');
          if (account.kind !== 'live') {
            throw new AppError('CONFLICT', 'Savings are open to live accounts only, not demo accounts.');
          }
          if (product.currency !== account.currency) {
            throw new AppError(
              'CONFLICT',
              `${product.name} is in ${product.currency} and account ${account.number} is in ${account.currency}. Choose an account in ${product.currency}.`,
            );
          }
          const cents = toCents(body.amount);
          const money = (c: bigint) => formatMoney(c, product.currency);
          if (cents < product.minCents) {
            throw new AppError(
              'VALIDATION_FAILED',
              `The minimum for ${product.name} is ${money(product.minCents)}.`,
              {
                amount: [`The minimum is ${money(product.minCents)}.`],
              },
            );
          }
          if (product.maxCents !== null && cents > product.maxCents) {
            throw new AppError(
              'VALIDATION_FAILED',
              `The maximum for ${product.name} is ${money(product.maxCents)}.`,
              {
                amount: [`The maximum is ${money(product.maxCents)}.`],
              },
            );
          }
          // What may go into savings is what could be withdrawn: free margin, never credit.
          const available = await withdrawableNow(work.tx, deps.market, account);
          if (cents > available) {
            const message = `You can move at most ${money(available)} from account ${account.number} now (free margin, not credit).`;
            throw new AppError('CONFLICT', message, { amount: [message] });
          }
          const now = clock.now();
          const position = await insertPosition(work.tx, {
            userId,
            tradingAccountId: account.id,
            productId: product.id,
            currency: product.currency,
            principalCents: cents,
            annualRateBps: product.annualRateBps,
            termDays: product.kind === 'fixed' ? product.termDays : null,
            startedAt: now,
            maturesAt:
              product.kind === 'fixed' && product.termDays !== null
                ? new Date(now.getTime() + product.termDays * 86_400_000)
                : null,
          });
          await work.post({
            tradingAccountId: account.id,
            field: 'balance',
            amountCents: -cents,
            houseAccount: 'savings',
            kind: 'savings_subscribe',
            reason: `Savings deposit #${position.id} in ${product.name}`,
            createdBy: userId,
            ref: positionRef(position.id),
          });
          note = await insertNotification(work.tx, {
            userId,
            title: 'Savings deposit opened',
            message: `${money(cents)} from account ${account.number} is now in ${product.name} at ${(product.annualRateBps / 100).toFixed(2)} % a year.`,
            color: 'success',
          });
          return presentPosition(position, product, now);
        }),
      );
      if (note) publishNotification(deps.bus, note);
      return answer;
    },

    async redeem(userId: number, key: string | undefined, id: number): Promise<SavingsPosition> {
      let note: NotificationRow | undefined;
      const answer = await accounts.transaction((work) =>
        idempotent(
          work.tx,
          { userId, key, scope: 'POST /savings/{id}/redeem', request: { id } },
          async () => {
            const found = await positionById(work.tx, id);
            if (found?.userId !== userId) throw new AppError('NOT_FOUND', 'No such savings deposit.');
            // The account before the position: the order the maturity job keeps too.
            await work.lockOne(found.tradingAccountId);
            const position = await lockPosition(work.tx, id);
            if (position?.status !== 'active') {
              throw new AppError('CONFLICT', 'This savings deposit has already been redeemed.');
            }
            const now = clock.now();
            if (position.maturesAt !== null && position.maturesAt > now) {
              const at = position.maturesAt.toISOString();
              throw new AppError(
                'CONFLICT',
                `This deposit matures on ${at.slice(0, 10)} at ${at.slice(11, 16)} UTC.`,
              );
            }
            const product = await productById(work.tx, position.productId);
            if (!product) throw new Error(`savings product ${position.productId} vanished`);
            const done = await redeemInWork(work, position, product, now, 'customer');
            note = done.note;
            return presentPosition(done.row, product, now);
          },
        ),
      );
      if (note) publishNotification(deps.bus, note);
      return answer;
    },

    /** The savings movements of the user's accounts, newest first, in the paginator shape. */
    async history(userId: number, page: number): Promise<Page<SavingsHistoryEntry>> {
      const perPage = SAVINGS_HISTORY_PAGE_SIZE;
      const { rows, total } = await pageOfSavingsEntries(db, userId, page, perPage);
      const lastPage = Math.max(1, Math.ceil(total / perPage));
      const link = (n: number) => `/savings/history?page=${n}`;
      return {
        data: rows.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          // The query selects these three kinds only.
          kind: r.kind as SavingsHistoryEntry['kind'],
          description: describeEntry({ kind: r.kind, tradeId: null, refType: r.refType, refId: r.refId }),
          account_id: r.accountId,
          account_number: r.accountNumber,
          currency: r.currency,
          position_id: r.refType === 'savings_position' ? r.refId : null,
          amount: centsToAmount(r.amountCents),
        })),
        meta: { current_page: page, last_page: lastPage, per_page: perPage, total },
        links: { next: page < lastPage ? link(page + 1) : null, prev: page > 1 ? link(page - 1) : null },
      };
    },
  };
}
export type SavingsService = ReturnType<typeof createSavingsService>;

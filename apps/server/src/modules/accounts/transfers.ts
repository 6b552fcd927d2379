import {
  centsToAmount,
  convertCents,
  type Transfer,
  type TransferRequest,
  toCents,
} from '@openbroker/domain';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { transfers } from '../../db/schemaMoney.ts';
import { AppError, validationError } from '../../errors.ts';
import type { MarketData } from '../../feed/MarketData.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { liveRate, money } from '../withdrawals/available.ts';
import { type AccountRow, accountsOfUser } from './repo.ts';
import type { AccountsService } from './service.ts';
import { withdrawableNow } from './withdrawable.ts';

type TransferRow = typeof transfers.$inferSelect;
export const TRANSFERS_PER_PAGE = 20;

export function presentTransfer(row: TransferRow): Transfer {
  return {
    id: row.id,
    from_account_id: row.fromAccountId,
    to_account_id: row.toAccountId,
    from_currency: row.fromCurrency,
    to_currency: row.toCurrency,
    from_amount: centsToAmount(row.fromAmountCents),
    to_amount: centsToAmount(row.toAmountCents),
    rate: Number(row.rate),
    created_at: row.createdAt.toISOString(),
  };
}

/** Both accounts the customer's own live ones, or the refusal a customer understands. */
function ownLivePair(
  from: AccountRow | undefined,
  to: AccountRow | undefined,
  userId: number,
): { from: AccountRow; to: AccountRow } {
  if (!from || from.userId !== userId) throw new AppError('NOT_FOUND', 'No such trading account.');
  if (!to || to.userId !== userId) throw new AppError('NOT_FOUND', 'No such trading account.');
  if (from.id === to.id) throw validationError({ to_account_id: ['Choose two different accounts'] });
  if (from.kind !== 'live' || to.kind !== 'live')
    throw validationError({
      [from.kind !== 'live' ? 'from_account_id' : 'to_account_id']: [
        'Transfers move real money between your live accounts; a demo account holds virtual funds.',
      ],
    });
  return { from, to };
}

/**
 * Transfers between a customer's own live accounts (issue 14): converted at the live mid rate, the
 * two legs booked in one transaction against the house's `fx` account in each currency (so each
 * currency's book still sums to zero), never more than the source's withdrawable amount.
 */
export function createTransfers(deps: { db: Db; accounts: AccountsService; market: MarketData }) {
  const { db, market } = deps;

  return {
    async quote(userId: number, fromId: number, toId: number, amount: number) {
      const mine = await accountsOfUser(db, userId);
      const { from, to } = ownLivePair(
        mine.find((a) => a.id === fromId),
        mine.find((a) => a.id === toId),
        userId,
      );
      const rate = liveRate(market, from.currency, to.currency);
      return { rate, to_amount: centsToAmount(convertCents(toCents(amount), rate)) };
    },

    async transfer(userId: number, input: TransferRequest, key: string | undefined): Promise<Transfer> {
      return deps.accounts.transaction((work) =>
        idempotent(work.tx, { userId, key, scope: 'POST /transfers', request: input }, async () => {
          // Ownership first (it never changes), so no one else's account is ever locked.
          const mine = await accountsOfUser(work.tx, userId);
          ownLivePair(
            mine.find((r) => r.id === input.from_account_id),
            mine.find((r) => r.id === input.to_account_id),
            userId,
          );
          const locked = await work.lock([input.from_account_id, input.to_account_id]);
          const { from, to } = ownLivePair(
            locked.find((r) => r.id === input.from_account_id),
            locked.find((r) => r.id === input.to_account_id),
            userId,
          );
          const fromCents = toCents(input.amount);
          const available = await withdrawableNow(work.tx, market, from);
          if (fromCents > available)
            throw new AppError(
              'CONFLICT',
              `The amount is more than you can transfer (${money(available, from.currency)} available).`,
            );
          const rate = liveRate(market, from.currency, to.currency);
          const toCentsAmount = convertCents(fromCents, rate);
          if (toCentsAmount <= 0n)
            throw validationError({ amount: ['The amount is too small to transfer.'] });
          const [row] = await work.tx
            .insert(transfers)
            .values({
              userId,
              fromAccountId: from.id,
              toAccountId: to.id,
              fromCurrency: from.currency,
              toCurrency: to.currency,
              fromAmountCents: fromCents,
              toAmountCents: toCentsAmount,
              rate: String(rate),
            })
            .returning();
          if (!row) throw new Error('transfer insert returned nothing');
          const ref = { type: 'transfer', id: row.id };
          const reason = `Transfer #${row.id}: ${money(fromCents, from.currency)} from ${from.number} to ${to.number} at ${rate}`;
          await work.post({
            tradingAccountId: from.id,
            field: 'balance',
            amountCents: -fromCents,
            houseAccount: 'fx',
            kind: 'transfer',
            reason,
            createdBy: userId,
            ref,
          });
          await work.post({
            tradingAccountId: to.id,
            field: 'balance',
            amountCents: toCentsAmount,
            houseAccount: 'fx',
            kind: 'transfer',
            reason,
            createdBy: userId,
            ref,
          });
          return presentTransfer(row);
        }),
      );
    },

    async page(userId: number, page: number) {
      const rows = await db
        .select({ t: transfers, total: sql<number>`(count(*) over())::int` })
        .from(transfers)
        .where(eq(transfers.userId, userId))
        .orderBy(desc(transfers.id))
        .limit(TRANSFERS_PER_PAGE)
        .offset((page - 1) * TRANSFERS_PER_PAGE);
      return { rows: rows.map((r) => presentTransfer(r.t)), total: rows[0]?.total ?? 0 };
    },
  };
}
export type Transfers = ReturnType<typeof createTransfers>;

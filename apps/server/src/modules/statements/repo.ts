import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assets, ledgerEntries, trades } from '../../db/schema.ts';
import type { DbOrTx } from '../accounts/repo.ts';

const balanceOf = (accountId: number) =>
  and(eq(ledgerEntries.tradingAccountId, accountId), eq(ledgerEntries.field, 'balance'));

/**
 * What a statement reads of the ledger, from one snapshot (repeatable read), so the opening
 * balance and the period's entries agree even while money moves: the sum of the account's balance
 * entries before `start`, and its entries in [start, end).
 */
export async function statementLedger(db: Db, accountId: number, start: Date, end: Date) {
  return db.transaction(
    async (tx) => {
      const [opening] = await tx
        .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::text` })
        .from(ledgerEntries)
        .where(and(balanceOf(accountId), lt(ledgerEntries.createdAt, start)));
      const entries = await tx
        .select({
          id: ledgerEntries.id,
          at: ledgerEntries.createdAt,
          kind: ledgerEntries.kind,
          amountCents: ledgerEntries.amountCents,
          tradeId: ledgerEntries.tradeId,
          refType: ledgerEntries.refType,
          refId: ledgerEntries.refId,
        })
        .from(ledgerEntries)
        .where(
          and(balanceOf(accountId), gte(ledgerEntries.createdAt, start), lt(ledgerEntries.createdAt, end)),
        )
        .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
      return { openingCents: BigInt(opening?.total ?? '0'), entries };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The account's positions closed in [start, end), oldest close first, with their symbols. */
export async function closedTradesIn(db: DbOrTx, accountId: number, start: Date, end: Date) {
  return db
    .select({
      id: trades.id,
      symbol: assets.symbol,
      side: trades.side,
      lots: trades.lots,
      openPrice: trades.openingPrice,
      openedAt: trades.openedAt,
      closePrice: trades.closingPrice,
      closedAt: trades.closedAt,
      pnlCents: trades.pnlCents,
      closeReason: trades.closeReason,
    })
    .from(trades)
    .innerJoin(assets, eq(assets.id, trades.assetId))
    .where(
      and(
        eq(trades.tradingAccountId, accountId),
        eq(trades.status, 'closed'),
        gte(trades.closedAt, start),
        lt(trades.closedAt, end),
      ),
    )
    .orderBy(asc(trades.closedAt), asc(trades.id));
}

import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, tradingAccounts, users } from '../../db/schema.ts';

/**
 * One page of the ledger entries on a client's accounts (staff adjustments, realised P/L, negative
 * balance protection, deposits, withdrawals, transfers), newest first, with who booked each. Real
 * money only: a demo account's virtual funds (book `demo`) are not the client's money.
 */
export async function pageOfClientLedger(db: Db, customerId: number, page: number, perPage: number) {
  const rows = await db
    .select({
      id: ledgerEntries.id,
      accountId: ledgerEntries.tradingAccountId,
      accountNumber: tradingAccounts.number,
      currency: tradingAccounts.currency,
      field: ledgerEntries.field,
      amountCents: ledgerEntries.amountCents,
      kind: ledgerEntries.kind,
      reason: ledgerEntries.reason,
      tradeId: ledgerEntries.tradeId,
      createdBy: ledgerEntries.createdBy,
      creatorName: sql<
        string | null
      >`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`,
      createdAt: ledgerEntries.createdAt,
      total: sql<number>`(count(*) over())::int`,
    })
    .from(ledgerEntries)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, ledgerEntries.tradingAccountId))
    .leftJoin(users, eq(users.id, ledgerEntries.createdBy))
    .where(and(eq(tradingAccounts.userId, customerId), eq(ledgerEntries.book, 'live')))
    .orderBy(desc(ledgerEntries.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total: rows[0]?.total ?? 0 };
}

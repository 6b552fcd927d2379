import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { trades, tradingAccounts } from '../../db/schema.ts';
import type { TradeRow } from '../trading/repo.ts';

/** One page of a client's trades over all their accounts (or one), newest first, with each account's currency. */
export async function pageOfClientTrades(
  db: Db,
  customerId: number,
  statuses: TradeRow['status'][],
  accountId: number | undefined,
  page: number,
  perPage: number,
): Promise<{ rows: { trade: TradeRow; currency: string }[]; total: number }> {
  const rows = await db
    .select({ trade: trades, currency: tradingAccounts.currency, total: sql<number>`(count(*) over())::int` })
    .from(trades)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, trades.tradingAccountId))
    .where(
      and(
        eq(trades.userId, customerId),
        inArray(trades.status, statuses),
        accountId === undefined ? undefined : eq(trades.tradingAccountId, accountId),
      ),
    )
    .orderBy(
      desc(sql`coalesce(${trades.closedAt}, ${trades.openedAt}, ${trades.createdAt})`),
      desc(trades.id),
    )
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total: rows[0]?.total ?? 0 };
}

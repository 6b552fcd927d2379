import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderRequests, trades, tradingAccounts } from '../../db/schema.ts';
import type { DbOrTx, Tx } from '../accounts/repo.ts';

export type TradeRow = typeof trades.$inferSelect;
export type NewTrade = typeof trades.$inferInsert;

export interface OrderAnswer {
  response: unknown;
  fingerprint: string | null;
}

/** The answer already given to this client order id on this account, if any. */
export async function findOrderRequest(
  tx: Tx,
  accountId: number,
  clientOrderId: string,
): Promise<OrderAnswer | undefined> {
  const [row] = await tx
    .select({ response: orderRequests.response, fingerprint: orderRequests.requestFingerprint })
    .from(orderRequests)
    .where(
      and(eq(orderRequests.tradingAccountId, accountId), eq(orderRequests.clientOrderId, clientOrderId)),
    );
  return row;
}

/**
 * The same lookup before anything else, by the user and the account they name (their first when
 * omitted), so a retry is answered without a price or market check.
 */
export async function findUserOrderRequest(
  db: DbOrTx,
  userId: number,
  accountId: number | undefined,
  clientOrderId: string,
): Promise<OrderAnswer | undefined> {
  const account =
    accountId === undefined
      ? sql`(select id from ${tradingAccounts} where ${tradingAccounts.userId} = ${userId} order by id limit 1)`
      : sql`(select id from ${tradingAccounts} where ${tradingAccounts.userId} = ${userId} and ${tradingAccounts.id} = ${accountId})`;
  const [row] = await db
    .select({ response: orderRequests.response, fingerprint: orderRequests.requestFingerprint })
    .from(orderRequests)
    .where(
      and(
        sql`${orderRequests.tradingAccountId} = ${account}`,
        eq(orderRequests.clientOrderId, clientOrderId),
      ),
    );
  return row;
}

export async function saveOrderRequest(
  tx: Tx,
  accountId: number,
  clientOrderId: string,
  fingerprint: string,
  tradeId: number,
  response: unknown,
): Promise<void> {
  await tx.insert(orderRequests).values({
    tradingAccountId: accountId,
    clientOrderId,
    requestFingerprint: fingerprint,
    tradeId,
    response,
  });
}

/** Open positions of an account, oldest first (stop-out breaks ties by age). */
export async function openPositions(tx: DbOrTx, accountId: number): Promise<TradeRow[]> {
  return tx
    .select()
    .from(trades)
    .where(and(eq(trades.tradingAccountId, accountId), eq(trades.status, 'open')))
    .orderBy(asc(trades.id));
}

export async function insertTrade(tx: Tx, values: NewTrade): Promise<TradeRow> {
  const [row] = await tx.insert(trades).values(values).returning();
  if (!row) throw new Error('trade insert returned nothing');
  return row;
}

export async function findTrade(db: DbOrTx, id: number): Promise<TradeRow | undefined> {
  const [row] = await db.select().from(trades).where(eq(trades.id, id));
  return row;
}

/** Locks a trade row; call after locking its account (accounts before trades, always). */
export async function lockTrade(tx: Tx, id: number): Promise<TradeRow | undefined> {
  const [row] = await tx.select().from(trades).where(eq(trades.id, id)).for('update');
  return row;
}

export async function updateTrade(tx: Tx, id: number, patch: Partial<NewTrade>): Promise<TradeRow> {
  const [row] = await tx.update(trades).set(patch).where(eq(trades.id, id)).returning();
  if (!row) throw new Error('locked trade vanished');
  return row;
}

export const PAGE_SIZE = 20;

/** One page of an account's trades in the given statuses, newest first, with the total. */
export async function pageOfTrades(
  db: Db,
  accountId: number,
  statuses: TradeRow['status'][],
  page: number,
): Promise<{ rows: TradeRow[]; total: number }> {
  const where = and(eq(trades.tradingAccountId, accountId), inArray(trades.status, statuses));
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(trades)
      .where(where)
      .orderBy(
        desc(sql`coalesce(${trades.closedAt}, ${trades.openedAt}, ${trades.createdAt})`),
        desc(trades.id),
      )
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(trades).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** Realised P/L of every closed position of an account, in cents. */
export async function lifetimePnlCents(db: Db, accountId: number): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${trades.pnlCents}), 0)::text` })
    .from(trades)
    .where(and(eq(trades.tradingAccountId, accountId), eq(trades.status, 'closed')));
  return BigInt(row?.total ?? '0');
}

/** Every open position and pending order, for the risk engine's rebuild at start. */
export async function liveTrades(db: Db): Promise<TradeRow[]> {
  return db
    .select()
    .from(trades)
    .where(inArray(trades.status, ['open', 'pending']));
}

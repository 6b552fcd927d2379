import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderRequests, plans, trades, tradingAccounts, users } from '../../db/schema.ts';
import type { DbOrTx } from '../ledger/ledgerRepo.ts';

export type TradeRow = typeof trades.$inferSelect;
export type NewTrade = typeof trades.$inferInsert;
export type AccountRow = typeof tradingAccounts.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Locks a trading account for the rest of the transaction and bumps its revision in the same
 * statement (one round trip): `accountId` if given and the user's, else the user's first account.
 * Undefined when the user holds no such account.
 */
export async function lockUserAccount(
  tx: Tx,
  userId: number,
  accountId: number | undefined,
): Promise<AccountRow | undefined> {
  const target =
    accountId === undefined
      ? sql`(select id from ${tradingAccounts} where ${tradingAccounts.userId} = ${userId} order by id limit 1)`
      : sql`${accountId}`;
  const [row] = await tx
    .update(tradingAccounts)
    .set({ revision: sql`${tradingAccounts.revision} + 1` })
    .where(and(sql`${tradingAccounts.id} = ${target}`, eq(tradingAccounts.userId, userId)))
    .returning();
  return row;
}

/** Locks an account by id (risk engine, staff) and bumps its revision. */
export async function lockAccountById(tx: Tx, accountId: number): Promise<AccountRow | undefined> {
  const [row] = await tx
    .update(tradingAccounts)
    .set({ revision: sql`${tradingAccounts.revision} + 1` })
    .where(eq(tradingAccounts.id, accountId))
    .returning();
  return row;
}

/** The account's balance and credit as they stand inside the transaction (after ledger postings). */
export async function readAccount(tx: DbOrTx, accountId: number): Promise<AccountRow | undefined> {
  const [row] = await tx.select().from(tradingAccounts).where(eq(tradingAccounts.id, accountId));
  return row;
}

/** The answer already given to this client order id, if any. */
export async function findOrderRequest(tx: Tx, accountId: number, clientOrderId: string): Promise<unknown> {
  const [row] = await tx
    .select({ response: orderRequests.response })
    .from(orderRequests)
    .where(
      and(eq(orderRequests.tradingAccountId, accountId), eq(orderRequests.clientOrderId, clientOrderId)),
    );
  return row?.response;
}

export async function saveOrderRequest(
  tx: Tx,
  accountId: number,
  clientOrderId: string,
  tradeId: number,
  response: unknown,
): Promise<void> {
  await tx.insert(orderRequests).values({ tradingAccountId: accountId, clientOrderId, tradeId, response });
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

/** A user's account (by id, else the first), unlocked, for reads. */
export async function userAccount(
  db: Db,
  userId: number,
  accountId: number | undefined,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(tradingAccounts)
    .where(
      and(
        eq(tradingAccounts.userId, userId),
        accountId === undefined ? undefined : eq(tradingAccounts.id, accountId),
      ),
    )
    .orderBy(asc(tradingAccounts.id))
    .limit(1);
  return row;
}

export interface RiskLevelsRow {
  accountId: number;
  marginCallLevel: number;
  stopOutLevel: number;
}

/** Every open position and pending order, for the risk engine's rebuild at start. */
export async function liveTrades(db: Db): Promise<TradeRow[]> {
  return db
    .select()
    .from(trades)
    .where(inArray(trades.status, ['open', 'pending']));
}

/** Accounts with their owners' plan levels (margin call, stop-out), for the given ids. */
export async function accountsWithLevels(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      account: tradingAccounts,
      marginCallLevel: plans.marginCallLevel,
      stopOutLevel: plans.stopOutLevel,
    })
    .from(tradingAccounts)
    .innerJoin(users, eq(users.id, tradingAccounts.userId))
    .leftJoin(plans, eq(plans.id, users.planId))
    .where(inArray(tradingAccounts.id, ids));
}

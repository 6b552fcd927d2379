import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, runStatement, type Statement } from '../../db/client.ts';
import { orderRequests, trades, tradingAccounts } from '../../db/schema.ts';
import {
  type OpenTotal,
  type OpenTotalsRaw,
  openTotalOf,
  openTotalsStatement,
} from '../accounts/openTotals.ts';
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

export async function openTotals(tx: Tx, accountId: number): Promise<OpenTotal[]> {
  const rows = await runStatement<OpenTotalsRaw>(tx, openTotalsStatement, [accountId]);
  return rows.flatMap((r) => openTotalOf(r) ?? []);
}

/** Every insertable column of `trades`, in the order of the statement's parameters. */
const INSERT_COLUMNS = [
  ['tradingAccountId', 'trading_account_id'],
  ['userId', 'user_id'],
  ['assetId', 'asset_id'],
  ['side', 'side'],
  ['orderType', 'order_type'],
  ['status', 'status'],
  ['lots', 'lots'],
  ['units', 'units'],
  ['contractSize', 'contract_size'],
  ['leverage', 'leverage'],
  ['entryPrice', 'entry_price'],
  ['openingPrice', 'opening_price'],
  ['closingPrice', 'closing_price'],
  ['takeProfit', 'take_profit'],
  ['stopLoss', 'stop_loss'],
  ['marginCents', 'margin_cents'],
  ['pnlCents', 'pnl_cents'],
  ['closeReason', 'close_reason'],
  ['parentId', 'parent_id'],
  ['origin', 'origin'],
  ['originName', 'origin_name'],
  ['advisorRunId', 'advisor_run_id'],
  ['expiresAt', 'expires_at'],
  ['openedAt', 'opened_at'],
  ['closedAt', 'closed_at'],
] as const satisfies readonly (readonly [keyof NewTrade, string])[];

const insertTradeStatement: Statement = {
  name: 'trading_insert_trade',
  text: `insert into trades (${INSERT_COLUMNS.map(([, c]) => c).join(', ')}, created_at)
  values (${INSERT_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}, coalesce($${INSERT_COLUMNS.length + 1}::timestamptz, now()))
  returning id::text as id, created_at`,
};

/**
 * Inserts a trade and returns the whole row without reading it back: only the generated id and
 * creation time come from the database (a prepared statement, `returning` only those), the rest is
 * what was inserted with the table's defaults.
 */
export async function insertTrade(tx: Tx, values: NewTrade): Promise<TradeRow> {
  const row: Omit<TradeRow, 'id' | 'createdAt'> = {
    tradingAccountId: values.tradingAccountId,
    userId: values.userId,
    assetId: values.assetId,
    side: values.side,
    orderType: values.orderType ?? 'market',
    status: values.status,
    lots: values.lots,
    units: values.units,
    contractSize: values.contractSize,
    leverage: values.leverage,
    entryPrice: values.entryPrice ?? null,
    openingPrice: values.openingPrice ?? null,
    closingPrice: values.closingPrice ?? null,
    takeProfit: values.takeProfit ?? null,
    stopLoss: values.stopLoss ?? null,
    marginCents: values.marginCents ?? 0n,
    pnlCents: values.pnlCents ?? null,
    closeReason: values.closeReason ?? null,
    parentId: values.parentId ?? null,
    origin: values.origin ?? 'user',
    originName: values.originName ?? null,
    advisorRunId: values.advisorRunId ?? null,
    expiresAt: values.expiresAt ?? null,
    openedAt: values.openedAt ?? null,
    closedAt: values.closedAt ?? null,
  };
  // bigint as text: node-postgres and PGlite both take it so; the column type is inferred.
  const params: unknown[] = INSERT_COLUMNS.map(([k]) => {
    const v = row[k];
    return typeof v === 'bigint' ? v.toString() : v;
  });
  params.push(values.createdAt ?? null);
  const [made] = await runStatement<{ id: string; created_at: Date | string }>(
    tx,
    insertTradeStatement,
    params,
  );
  if (!made) throw new Error('trade insert returned nothing');
  const createdAt = made.created_at instanceof Date ? made.created_at : new Date(made.created_at);
  return { id: Number(made.id), ...row, createdAt };
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

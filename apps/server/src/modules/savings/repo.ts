import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, tradingAccounts } from '../../db/schema.ts';
import { savingsPositions, savingsProducts } from '../../db/schemaMoney.ts';
import type { DbOrTx, Tx } from '../accounts/repo.ts';

export type ProductRow = typeof savingsProducts.$inferSelect;
export type NewProduct = typeof savingsProducts.$inferInsert;
export type PositionRow = typeof savingsPositions.$inferSelect;
export type NewPosition = typeof savingsPositions.$inferInsert;
export type PositionWithProduct = { position: PositionRow; product: ProductRow };

export async function listProducts(db: DbOrTx, enabledOnly: boolean): Promise<ProductRow[]> {
  return db
    .select()
    .from(savingsProducts)
    .where(enabledOnly ? eq(savingsProducts.enabled, true) : undefined)
    .orderBy(asc(savingsProducts.id));
}

export async function productById(db: DbOrTx, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(savingsProducts).where(eq(savingsProducts.id, id));
  return row;
}

export async function insertProduct(db: DbOrTx, values: NewProduct): Promise<ProductRow> {
  const [row] = await db.insert(savingsProducts).values(values).returning();
  if (!row) throw new Error('savings product insert returned nothing');
  return row;
}

export async function updateProduct(tx: Tx, id: number, values: Partial<NewProduct>): Promise<ProductRow> {
  const [row] = await tx.update(savingsProducts).set(values).where(eq(savingsProducts.id, id)).returning();
  if (!row) throw new Error('savings product vanished');
  return row;
}

/** A product row locked for an update, so the audit's "before" is what the update changed. */
export async function lockProduct(tx: Tx, id: number): Promise<ProductRow | undefined> {
  const [row] = await tx.select().from(savingsProducts).where(eq(savingsProducts.id, id)).for('update');
  return row;
}

/** A user's positions with their products: active first, then newest first. */
export async function positionsOfUser(db: DbOrTx, userId: number): Promise<PositionWithProduct[]> {
  return db
    .select({ position: savingsPositions, product: savingsProducts })
    .from(savingsPositions)
    .innerJoin(savingsProducts, eq(savingsProducts.id, savingsPositions.productId))
    .where(eq(savingsPositions.userId, userId))
    .orderBy(sql`${savingsPositions.status} = 'active' desc`, desc(savingsPositions.id));
}

export async function positionWithProduct(db: DbOrTx, id: number): Promise<PositionWithProduct | undefined> {
  const [row] = await db
    .select({ position: savingsPositions, product: savingsProducts })
    .from(savingsPositions)
    .innerJoin(savingsProducts, eq(savingsProducts.id, savingsPositions.productId))
    .where(eq(savingsPositions.id, id));
  return row;
}

export async function positionById(db: DbOrTx, id: number): Promise<PositionRow | undefined> {
  const [row] = await db.select().from(savingsPositions).where(eq(savingsPositions.id, id));
  return row;
}

/** Locks a position row; callers lock its trading account first (the order every path keeps). */
export async function lockPosition(tx: Tx, id: number): Promise<PositionRow | undefined> {
  const [row] = await tx.select().from(savingsPositions).where(eq(savingsPositions.id, id)).for('update');
  return row;
}

export async function insertPosition(tx: Tx, values: NewPosition): Promise<PositionRow> {
  const [row] = await tx.insert(savingsPositions).values(values).returning();
  if (!row) throw new Error('savings position insert returned nothing');
  return row;
}

/**
 * Active positions with work to do at `now`: a finished day not yet accrued (`day.start` is today's
 * UTC midnight), or a fixed term that has matured. Oldest first, so a backlog is worked through in order.
 */
export async function positionsDue(
  db: DbOrTx,
  now: Date,
  day: { start: Date; yesterday: string },
): Promise<PositionRow[]> {
  return db
    .select()
    .from(savingsPositions)
    .where(
      and(
        eq(savingsPositions.status, 'active'),
        or(
          and(isNull(savingsPositions.accruedThrough), lt(savingsPositions.startedAt, day.start)),
          lt(savingsPositions.accruedThrough, day.yesterday),
          lte(savingsPositions.maturesAt, now),
        ),
      ),
    )
    .orderBy(asc(savingsPositions.id));
}

/**
 * Records accrued days with compare-and-set on `accrued_through`: undefined when another run (or
 * a redemption) got there first, and then the caller's transaction must roll back its postings.
 */
export async function recordAccrual(
  tx: Tx,
  p: PositionRow,
  next: { accruedCents: bigint; carryRemainder: bigint; accruedThrough: string },
): Promise<PositionRow | undefined> {
  const [row] = await tx
    .update(savingsPositions)
    .set(next)
    .where(
      and(
        eq(savingsPositions.id, p.id),
        eq(savingsPositions.status, 'active'),
        p.accruedThrough === null
          ? isNull(savingsPositions.accruedThrough)
          : eq(savingsPositions.accruedThrough, p.accruedThrough),
      ),
    )
    .returning();
  return row;
}

/** Compare-and-set to `redeemed` from one of `from`; undefined when the position was not in one. */
export async function markRedeemed(
  tx: Tx,
  id: number,
  from: PositionRow['status'][],
  at: Date,
): Promise<PositionRow | undefined> {
  const [row] = await tx
    .update(savingsPositions)
    .set({ status: 'redeemed', redeemedAt: at })
    .where(and(eq(savingsPositions.id, id), inArray(savingsPositions.status, from)))
    .returning();
  return row;
}

const SAVINGS_KINDS_IN_LEDGER = ['savings_subscribe', 'savings_redeem', 'savings_interest'] as const;

/** One page of the savings entries on a user's trading accounts, newest first. */
export async function pageOfSavingsEntries(db: Db, userId: number, page: number, perPage: number) {
  const where = and(
    eq(tradingAccounts.userId, userId),
    inArray(ledgerEntries.kind, [...SAVINGS_KINDS_IN_LEDGER]),
    eq(ledgerEntries.field, 'balance'),
  );
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: ledgerEntries.id,
        at: ledgerEntries.createdAt,
        kind: ledgerEntries.kind,
        amountCents: ledgerEntries.amountCents,
        refType: ledgerEntries.refType,
        refId: ledgerEntries.refId,
        accountId: tradingAccounts.id,
        accountNumber: tradingAccounts.number,
        currency: ledgerEntries.currency,
      })
      .from(ledgerEntries)
      .innerJoin(tradingAccounts, eq(tradingAccounts.id, ledgerEntries.tradingAccountId))
      .where(where)
      .orderBy(desc(ledgerEntries.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: count() })
      .from(ledgerEntries)
      .innerJoin(tradingAccounts, eq(tradingAccounts.id, ledgerEntries.tradingAccountId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

import { type AssetType, INSTRUMENT_SORTS, type InstrumentQuery } from '@openbroker/domain';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assets } from '../../db/schema.ts';
import type { DbOrTx } from '../accounts/repo.ts';
import type { AssetRow } from '../assets/repo.ts';

export type NewAssetRow = typeof assets.$inferInsert;
/** The columns staff may change on an existing instrument. */
export type AssetChanges = Partial<
  Pick<
    AssetRow,
    | 'enabled'
    | 'name'
    | 'symbolDisplay'
    | 'buySpread'
    | 'sellSpread'
    | 'leverage'
    | 'contractSize'
    | 'displayDigits'
    | 'sessions'
  >
>;

/** `%` and `_` typed by staff are literal characters, not wildcards. */
const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(q: Pick<InstrumentQuery, 'search' | 'type' | 'enabled'>): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (q.search) {
    const like = likeOf(q.search);
    parts.push(or(ilike(assets.symbol, like), ilike(assets.symbolDisplay, like), ilike(assets.name, like)));
  }
  if (q.type) parts.push(eq(assets.type, q.type satisfies AssetType));
  if (q.enabled) parts.push(eq(assets.enabled, q.enabled === 'true'));
  return and(...parts);
}

const SORT_COLUMNS = {
  symbol: sql`${assets.symbol}`,
  type: sql`${assets.type}`,
  spread: sql`(${assets.buySpread} + ${assets.sellSpread})`,
  updated_at: sql`${assets.updatedAt}`,
} as const satisfies Record<(typeof INSTRUMENT_SORTS)[number], SQL>;

/** A page of the whole catalogue (disabled too), filtered and sorted on whitelisted columns. */
export async function pageOfAssets(db: Db, q: InstrumentQuery): Promise<{ rows: AssetRow[]; total: number }> {
  const key = INSTRUMENT_SORTS.find((f) => q.sort === f || q.sort === `-${f}`) ?? 'symbol';
  const column = SORT_COLUMNS[key];
  const order = q.sort.startsWith('-') ? desc(column) : asc(column);
  const where = whereOf(q);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(assets)
      .where(where)
      // The id breaks ties, so pages never repeat or skip a row.
      .orderBy(order, asc(assets.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: sql<number>`count(*)::int` }).from(assets).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function assetById(db: DbOrTx, id: number): Promise<AssetRow | undefined> {
  const [row] = await db.select().from(assets).where(eq(assets.id, id));
  return row;
}

/** The row, locked until the transaction ends, so two staff edits apply one after the other. */
export async function lockAsset(tx: DbOrTx, id: number): Promise<AssetRow | undefined> {
  const [row] = await tx.select().from(assets).where(eq(assets.id, id)).for('update');
  return row;
}

export async function updateAsset(
  tx: DbOrTx,
  id: number,
  changes: AssetChanges,
  at: Date,
): Promise<AssetRow> {
  const [row] = await tx
    .update(assets)
    .set({ ...changes, updatedAt: at })
    .where(eq(assets.id, id))
    .returning();
  if (!row) throw new Error(`asset ${id} vanished inside its own transaction`);
  return row;
}

/** Inserts a new instrument; undefined when the symbol is taken. */
export async function insertAsset(tx: DbOrTx, row: NewAssetRow): Promise<AssetRow | undefined> {
  const [created] = await tx.insert(assets).values(row).onConflictDoNothing().returning();
  return created;
}

export async function assetsByIds(db: DbOrTx, ids: number[]): Promise<AssetRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(assets).where(inArray(assets.id, ids));
}

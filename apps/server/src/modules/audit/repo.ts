import { and, asc, desc, eq, gt, gte, lte, type SQL, sql } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema.ts';
import type { DbOrTx } from '../accounts/repo.ts';
import { type ChainedContent, chainHash, GENESIS_HASH, jsonSafe } from './chain.ts';

export type AuditRow = typeof auditLog.$inferSelect;

/** One advisory lock key for the chain's tail, so concurrent writers append one after another. */
const CHAIN_LOCK = 0x4f42a0d1;

/**
 * Appends one row to the audit chain inside the caller's transaction: the chain's tail is locked
 * for the rest of the transaction (a second writer waits, then chains onto this row), so the row
 * commits or rolls back with the action it records.
 */
export async function appendAudit(
  tx: DbOrTx,
  entry: Omit<ChainedContent, 'before' | 'after'> & { before?: unknown; after?: unknown },
): Promise<AuditRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);
  const [tail] = await tx.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  const prevHash = tail?.hash ?? GENESIS_HASH;
  const content: ChainedContent = {
    ...entry,
    before: entry.before === undefined ? null : jsonSafe(entry.before),
    after: entry.after === undefined ? null : jsonSafe(entry.after),
  };
  const [row] = await tx
    .insert(auditLog)
    .values({ ...content, prevHash, hash: chainHash(content, prevHash) })
    .returning();
  if (!row) throw new Error('audit insert returned nothing');
  return row;
}

export interface AuditFilter {
  actorId?: number;
  action?: string;
  objectType?: string;
  objectId?: string;
  from?: Date;
  to?: Date;
}

function where(f: AuditFilter): SQL | undefined {
  return and(
    f.actorId === undefined ? undefined : eq(auditLog.actorId, f.actorId),
    f.action === undefined ? undefined : eq(auditLog.action, f.action),
    f.objectType === undefined ? undefined : eq(auditLog.objectType, f.objectType),
    f.objectId === undefined ? undefined : eq(auditLog.objectId, f.objectId),
    f.from === undefined ? undefined : gte(auditLog.at, f.from),
    f.to === undefined ? undefined : lte(auditLog.at, f.to),
  );
}

/** A page of the trail, newest first, with the total. */
export async function pageOfAudit(db: DbOrTx, f: AuditFilter, page: number, perPage: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where(f))
      .orderBy(desc(auditLog.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where(f)),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Rows after `afterId` in chain order, a batch at a time (verification and CSV export stream through it). */
export async function auditBatch(db: DbOrTx, f: AuditFilter, afterId: number, limit: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(where(f), gt(auditLog.id, afterId)))
    .orderBy(asc(auditLog.id))
    .limit(limit);
}

/** Distinct staff (with names), actions and object types in the trail, for the viewer's filters. */
export async function auditFacets(db: DbOrTx) {
  const [actors, actions, types] = await Promise.all([
    db
      .selectDistinct({ id: users.id, first: users.firstName, last: users.lastName, email: users.email })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId)),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
    db.selectDistinct({ type: auditLog.objectType }).from(auditLog).orderBy(asc(auditLog.objectType)),
  ]);
  return {
    actors: actors.map((a) => ({ id: a.id, name: `${a.first} ${a.last}`.trim() || a.email })),
    actions: actions.map((a) => a.action),
    object_types: types.map((t) => t.type),
  };
}

import { and, asc, count, eq, isNotNull, max, ne } from 'drizzle-orm';
import { planFeatures, plans, users } from '../../db/schema.ts';
import type { DbOrTx } from '../accounts/repo.ts';

export type PlanRow = typeof plans.$inferSelect;
export type PlanInsert = typeof plans.$inferInsert;
export type PlanPatch = Partial<Omit<PlanInsert, 'id'>>;
export type FeatureRow = typeof planFeatures.$inferSelect;

/** Plans in the order customers see them. */
export function listPlans(db: DbOrTx): Promise<PlanRow[]> {
  return db.select().from(plans).orderBy(asc(plans.rank), asc(plans.id));
}

/**
 * Every plan locked, in id order: feature rows and recommended flags touch several plans, so such
 * changes take all the plan rows first and run one after another.
 */
export function lockAllPlans(tx: DbOrTx): Promise<PlanRow[]> {
  return tx.select().from(plans).orderBy(asc(plans.id)).for('update');
}

export async function lockPlan(tx: DbOrTx, id: number): Promise<PlanRow | undefined> {
  const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
  return row;
}

export async function insertPlan(tx: DbOrTx, values: Omit<PlanInsert, 'id'>): Promise<PlanRow> {
  const [row] = await tx.insert(plans).values(values).returning();
  if (!row) throw new Error('plan insert returned nothing');
  return row;
}

export async function updatePlan(tx: DbOrTx, id: number, patch: PlanPatch): Promise<PlanRow> {
  const [row] = await tx.update(plans).set(patch).where(eq(plans.id, id)).returning();
  if (!row) throw new Error(`plan ${id} vanished`);
  return row;
}

/** The plans other than `id` that carry the Recommended flag. */
export function otherRecommended(tx: DbOrTx, id: number): Promise<PlanRow[]> {
  return tx
    .select()
    .from(plans)
    .where(and(eq(plans.recommended, true), ne(plans.id, id)));
}

export async function nextPlanRank(tx: DbOrTx): Promise<number> {
  const [row] = await tx.select({ top: max(plans.rank) }).from(plans);
  return row?.top === null || row?.top === undefined ? 0 : row.top + 1;
}

/** How many customers are on each plan. */
export async function customersPerPlan(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db
    .select({ planId: users.planId, n: count() })
    .from(users)
    .where(and(eq(users.role, 'customer'), isNotNull(users.planId)))
    .groupBy(users.planId);
  return new Map(rows.map((r) => [r.planId ?? 0, r.n]));
}

/** Comparison rows in comparison order (rank, then id): the order plans' values follow. */
export function listFeatureRows(db: DbOrTx): Promise<FeatureRow[]> {
  return db.select().from(planFeatures).orderBy(asc(planFeatures.rank), asc(planFeatures.id));
}

export async function insertFeatureRow(
  tx: DbOrTx,
  values: { title: string; rank: number },
): Promise<FeatureRow> {
  const [row] = await tx.insert(planFeatures).values(values).returning();
  if (!row) throw new Error('plan feature insert returned nothing');
  return row;
}

export async function updateFeatureRow(
  tx: DbOrTx,
  id: number,
  patch: { title?: string; rank?: number },
): Promise<FeatureRow> {
  const [row] = await tx.update(planFeatures).set(patch).where(eq(planFeatures.id, id)).returning();
  if (!row) throw new Error(`plan feature ${id} vanished`);
  return row;
}

export async function deleteFeatureRow(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(planFeatures).where(eq(planFeatures.id, id));
}

import { and, eq } from 'drizzle-orm';
import { financialProfiles, users } from '../../db/schema.ts';
import type { DbOrTx } from '../accounts/repo.ts';

export type FinancialProfileRow = typeof financialProfiles.$inferSelect;
export type FinancialProfileWrite = Omit<FinancialProfileRow, 'userId'>;

export async function readFinancialProfile(db: DbOrTx, userId: number): Promise<FinancialProfileRow | null> {
  const [row] = await db.select().from(financialProfiles).where(eq(financialProfiles.userId, userId));
  return row ?? null;
}

/** One row per customer: a second answer replaces the first (the latest answers are what count). */
export async function upsertFinancialProfile(
  db: DbOrTx,
  userId: number,
  values: FinancialProfileWrite,
): Promise<FinancialProfileRow> {
  const [row] = await db
    .insert(financialProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: financialProfiles.userId, set: values })
    .returning();
  if (!row) throw new Error('financial profile not written');
  return row;
}

/** Whether a customer (not staff) with this id exists. */
export async function customerExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'customer')));
  return row !== undefined;
}

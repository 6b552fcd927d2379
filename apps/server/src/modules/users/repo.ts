import { statusesLeadingTo } from '@openbroker/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { plans, users } from '../../db/schema.ts';
import { type AccountRow, accountsOfUser, type DbOrTx, insertAccount } from '../accounts/repo.ts';
import type { UserRow } from '../auth/sessionRepo.ts';

export type PlanRow = typeof plans.$inferSelect;
export type TradingAccountRow = AccountRow;
export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row !== undefined;
}

/** The plan new customers get: the lowest rank. */
export async function defaultPlan(db: Db): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).orderBy(asc(plans.rank), asc(plans.id)).limit(1);
  return row;
}

export async function findPlan(db: Db, id: number | null): Promise<PlanRow | undefined> {
  if (id === null) return undefined;
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  return row;
}

/** A customer and their first USD trading account, together or not at all. */
export async function insertCustomer(db: Db, values: NewUser): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [user] = await tx.insert(users).values(values).returning();
    if (!user) throw new Error('user insert returned nothing');
    await insertAccount(tx, { userId: user.id, title: 'Live', currency: 'USD' });
    return user;
  });
}

export const accountsOf = (db: Db, userId: number): Promise<AccountRow[]> => accountsOfUser(db, userId);

/** Locks a user row for the rest of the transaction. */
export async function lockUser(tx: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/**
 * Moves a customer to `status` compare-and-set (DESIGN §11): only from a status the domain's
 * transition table allows, in one statement, so of concurrent requests exactly one changes the
 * row. Undefined when nothing changed (no such customer, already there, or not allowed from here).
 */
export async function transitionUserStatus(
  db: DbOrTx,
  id: number,
  status: UserRow['status'],
  now: Date,
  /** Narrows the statuses moved from (e.g. only `pending` for an approval). */
  from: readonly UserRow['status'][] = statusesLeadingTo(status),
): Promise<UserRow | undefined> {
  const allowed = from.filter((s) => statusesLeadingTo(status).includes(s));
  if (allowed.length === 0) return undefined;
  const [row] = await db
    .update(users)
    .set({ status, updatedAt: now })
    .where(and(eq(users.id, id), eq(users.role, 'customer'), inArray(users.status, allowed)))
    .returning();
  return row;
}

export async function setPasswordHash(db: Db, id: number, passwordHash: string, now: Date): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
}

export async function touchLastSeen(db: Db, id: number, now: Date): Promise<void> {
  await db.update(users).set({ lastSeenAt: now }).where(eq(users.id, id));
}

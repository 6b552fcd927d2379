import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { DbOrTx } from '../accounts/repo.ts';
import type { UserRow } from '../auth/sessionRepo.ts';

/**
 * Moves a customer to another plan compare-and-set: only if their plan is still `from`, so of two
 * concurrent changes the second finds the row moved and nothing happens twice. Undefined if it had.
 */
export async function setCustomerPlan(
  tx: DbOrTx,
  id: number,
  from: number | null,
  to: number,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ planId: to, updatedAt: now })
    .where(
      and(
        eq(users.id, id),
        eq(users.role, 'customer'),
        from === null ? isNull(users.planId) : eq(users.planId, from),
      ),
    )
    .returning();
  return row;
}

/** Display names of staff (or anyone) by id, in one query. */
export async function namesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      name: sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

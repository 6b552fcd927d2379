import type { StaffQuery, StaffRole, StaffStatus } from '@openbroker/domain';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { DbOrTx } from '../accounts/repo.ts';
import type { UserRow } from '../auth/sessionRepo.ts';

/** A staff member's user status for the API's `active` / `disabled`. */
export const STATUS_OF: Record<StaffStatus, UserRow['status']> = {
  active: 'active',
  disabled: 'deactivated',
};

/** Their last request or last session use, whichever is later. */
// Qualified by hand: inside a subquery drizzle would print bare column names, and "id" would
// then be the session's.
const lastSeen = sql<Date | null>`greatest("users"."last_seen_at", (select max("s"."last_used_at") from "sessions" "s" where "s"."user_id" = "users"."id"))`;

const SORT_COLUMNS: Record<string, SQL | typeof users.email | typeof users.status | typeof users.createdAt> =
  {
    name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
    email: users.email,
    status: users.status,
    last_seen_at: lastSeen,
    created_at: users.createdAt,
  };

export interface StaffListRow {
  user: UserRow;
  lastSeen: Date | null;
}

/** One page of staff members, filtered and sorted on the server. */
export async function pageOfStaff(db: Db, q: StaffQuery): Promise<{ rows: StaffListRow[]; total: number }> {
  const term = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    eq(users.role, 'staff'),
    q.status ? eq(users.status, STATUS_OF[q.status]) : undefined,
    term
      ? or(
          ilike(users.email, term),
          ilike(users.firstName, term),
          ilike(users.lastName, term),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term),
        )
      : undefined,
  );
  const field = q.sort?.replace(/^-/, '') ?? 'name';
  const column = SORT_COLUMNS[field] ?? SORT_COLUMNS.name;
  const order = q.sort?.startsWith('-') ? desc(column as SQL) : asc(column as SQL);
  const [rows, [count]] = await Promise.all([
    db
      .select({ user: users, lastSeen })
      .from(users)
      .where(where)
      .orderBy(order, asc(users.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ user: r.user, lastSeen: r.lastSeen === null ? null : new Date(r.lastSeen) })),
    total: count?.n ?? 0,
  };
}

export async function findStaff(db: DbOrTx, id: number): Promise<StaffListRow | undefined> {
  const [row] = await db
    .select({ user: users, lastSeen })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'staff')))
    .limit(1);
  return row
    ? { user: row.user, lastSeen: row.lastSeen === null ? null : new Date(row.lastSeen) }
    : undefined;
}

/**
 * Locks every active administrator's row and counts them, so two staff members removing the
 * last two admins at once cannot both succeed (the second waits, then counts one).
 */
export async function lockActiveAdmins(tx: DbOrTx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'staff'), eq(users.status, 'active'), sql`'admin' = any(${users.staffRoles})`))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

export async function insertStaff(
  tx: DbOrTx,
  values: { email: string; firstName: string; lastName: string; roles: StaffRole[]; passwordHash: string },
): Promise<UserRow> {
  const [row] = await tx
    .insert(users)
    .values({
      email: values.email,
      firstName: values.firstName,
      lastName: values.lastName,
      passwordHash: values.passwordHash,
      role: 'staff',
      status: 'active',
      staffRoles: values.roles,
    })
    .returning();
  if (!row) throw new Error('staff insert returned nothing');
  return row;
}

/** Compare-and-set of a staff member's roles: undefined when they changed since `expected` was read. */
export async function setStaffRoles(
  tx: DbOrTx,
  id: number,
  expected: readonly string[],
  roles: readonly StaffRole[],
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ staffRoles: [...roles], updatedAt: now })
    .where(
      and(
        eq(users.id, id),
        eq(users.role, 'staff'),
        // Role names hold no comma, so the joined text stands for the array.
        sql`array_to_string(${users.staffRoles}, ',') = ${expected.join(',')}`,
      ),
    )
    .returning();
  return row;
}

/** Compare-and-set of a staff member's status (DESIGN §11): undefined unless it was `from`. */
export async function setStaffStatus(
  tx: DbOrTx,
  id: number,
  from: UserRow['status'],
  to: UserRow['status'],
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ status: to, updatedAt: now })
    .where(and(eq(users.id, id), eq(users.role, 'staff'), eq(users.status, from)))
    .returning();
  return row;
}

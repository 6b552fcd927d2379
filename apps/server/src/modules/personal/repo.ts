import type { FieldChange, PersonalDetails, PersonalField, PersonalValues } from '@openbroker/domain';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  approvals,
  personalDetails,
  personalVersions,
  users,
  verificationRequirements as vr,
} from '../../db/schema.ts';
import type { DbOrTx } from '../accounts/repo.ts';
import type { ApprovalRow } from '../approvals/repo.ts';

export type PersonalVersionRow = typeof personalVersions.$inferSelect;

/** The fields kept on `users`; the rest live in `personal_details`. */
const ON_USERS = {
  first_name: 'firstName',
  last_name: 'lastName',
  country_code: 'countryCode',
  phone: 'phone',
  country: 'country',
  nationality: 'nationality',
} as const satisfies Partial<Record<PersonalField, keyof typeof users.$inferInsert>>;

const ON_DETAILS = {
  date_of_birth: 'dateOfBirth',
  address_line1: 'addressLine1',
  address_line2: 'addressLine2',
  city: 'city',
  postal_code: 'postalCode',
  tax_residence: 'taxResidence',
  tax_id: 'taxId',
} as const satisfies Partial<Record<PersonalField, keyof typeof personalDetails.$inferInsert>>;

export interface CustomerRow {
  id: number;
  role: 'customer' | 'staff';
  firstName: string;
  lastName: string;
  email: string;
}

/** A customer's personal information, or undefined when there is no such user. */
export async function readPersonal(db: DbOrTx, userId: number): Promise<PersonalDetails | undefined> {
  const [row] = await db
    .select({ u: users, d: personalDetails })
    .from(users)
    .leftJoin(personalDetails, eq(personalDetails.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const { u, d } = row;
  // Registration stores '' for "not given": the page reads that as none.
  const blank = (v: string | null | undefined) => (v ? v : null);
  return {
    first_name: u.firstName,
    last_name: u.lastName,
    date_of_birth: blank(d?.dateOfBirth),
    address_line1: blank(d?.addressLine1),
    address_line2: blank(d?.addressLine2),
    city: blank(d?.city),
    postal_code: blank(d?.postalCode),
    country: blank(u.country),
    country_code: blank(u.countryCode),
    phone: blank(u.phone),
    nationality: blank(u.nationality),
    tax_residence: blank(d?.taxResidence),
    tax_id: blank(d?.taxId),
  };
}

/**
 * Locks the user's row for the rest of the transaction: one customer's changes, requests and
 * version numbers are taken one at a time (two tabs saving at once cannot both open a request).
 */
export async function lockCustomer(tx: DbOrTx, userId: number): Promise<CustomerRow | undefined> {
  const [row] = await tx
    .select({
      id: users.id,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/** Writes the given fields (and only those) to `users` and `personal_details`. */
export async function writePersonal(
  tx: DbOrTx,
  userId: number,
  values: PersonalValues,
  at: Date,
): Promise<void> {
  const userSet: Partial<typeof users.$inferInsert> = {};
  const detailSet: Partial<typeof personalDetails.$inferInsert> = {};
  for (const [field, column] of Object.entries(ON_USERS) as [keyof typeof ON_USERS, string][]) {
    const v = values[field];
    if (v === undefined) continue;
    // first_name and last_name are not null on users: a name is always given (the schema requires it).
    Object.assign(userSet, { [column]: v ?? (field === 'first_name' || field === 'last_name' ? '' : null) });
  }
  for (const [field, column] of Object.entries(ON_DETAILS) as [keyof typeof ON_DETAILS, string][]) {
    const v = values[field];
    if (v !== undefined) Object.assign(detailSet, { [column]: v });
  }
  if (Object.keys(userSet).length > 0) {
    await tx
      .update(users)
      .set({ ...userSet, updatedAt: at })
      .where(eq(users.id, userId));
  }
  if (Object.keys(detailSet).length > 0) {
    await tx
      .insert(personalDetails)
      .values({ userId, ...detailSet, updatedAt: at })
      .onConflictDoUpdate({ target: personalDetails.userId, set: { ...detailSet, updatedAt: at } });
  }
}

/** Keeps a version; call under `lockCustomer` so the numbers run 1, 2, 3… without gaps or clashes. */
export async function insertVersion(
  tx: DbOrTx,
  v: {
    userId: number;
    changes: FieldChange[];
    byKind: 'customer' | 'staff';
    actorId: number;
    approvalId: number | null;
    at: Date;
  },
): Promise<PersonalVersionRow> {
  const [last] = await tx
    .select({ n: sql<number>`coalesce(max(${personalVersions.version}), 0)::int` })
    .from(personalVersions)
    .where(eq(personalVersions.userId, v.userId));
  const [row] = await tx
    .insert(personalVersions)
    .values({
      userId: v.userId,
      version: (last?.n ?? 0) + 1,
      changes: v.changes,
      byKind: v.byKind,
      actorId: v.actorId,
      approvalId: v.approvalId,
      createdAt: v.at,
    })
    .returning();
  if (!row) throw new Error('version insert returned nothing');
  return row;
}

/** A customer's versions, newest first, with the actor's name (staff read it; customers get none). */
export async function listVersions(db: DbOrTx, userId: number, limit = 200) {
  return db
    .select({ v: personalVersions, first: users.firstName, last: users.lastName, email: users.email })
    .from(personalVersions)
    .innerJoin(users, eq(users.id, personalVersions.actorId))
    .where(eq(personalVersions.userId, userId))
    .orderBy(desc(personalVersions.version))
    .limit(limit);
}

const ofCustomer = (userId: number) =>
  and(
    eq(approvals.kind, 'personal_change'),
    eq(approvals.objectType, 'user'),
    eq(approvals.objectId, String(userId)),
  );

/** The customer's change request waiting for staff, if any (there is at most one). */
export async function pendingRequest(db: DbOrTx, userId: number): Promise<ApprovalRow | undefined> {
  const [row] = await db
    .select()
    .from(approvals)
    .where(and(ofCustomer(userId), eq(approvals.status, 'pending')))
    .orderBy(desc(approvals.id))
    .limit(1);
  return row;
}

/** The customer's most recently decided change request (approved, rejected or withdrawn). */
export async function lastDecidedRequest(db: DbOrTx, userId: number): Promise<ApprovalRow | undefined> {
  const [row] = await db
    .select()
    .from(approvals)
    .where(and(ofCustomer(userId), ne(approvals.status, 'pending')))
    .orderBy(desc(approvals.decidedAt), desc(approvals.id))
    .limit(1);
  return row;
}

/** Requirement kinds of the customer's in the verified state (read from verification's table). */
export async function verifiedRequirementKinds(
  db: DbOrTx,
  userId: number,
  kinds: readonly string[],
): Promise<string[]> {
  const rows = await db
    .select({ kind: vr.kind })
    .from(vr)
    .where(and(eq(vr.userId, userId), eq(vr.state, 'verified'), inArray(vr.kind, [...kinds])));
  return rows.map((r) => r.kind);
}

/** The user's role, or undefined when there is no such user. */
export async function roleOf(db: DbOrTx, userId: number): Promise<'customer' | 'staff' | undefined> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role;
}

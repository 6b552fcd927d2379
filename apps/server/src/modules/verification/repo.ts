import type { RequirementKind, RequirementState, VerificationLevel } from '@openbroker/domain';
import { and, asc, count, desc, eq, inArray, isNull, lte, sql, sum } from 'drizzle-orm';
import {
  users,
  verificationDocuments,
  verificationProviderEvents,
  verificationRequirements,
  verificationSettings,
} from '../../db/schema.ts';
import type { DbOrTx } from '../accounts/repo.ts';

export type RequirementRow = typeof verificationRequirements.$inferSelect;
export type DocumentRow = typeof verificationDocuments.$inferSelect;
export type SettingsRow = typeof verificationSettings.$inferSelect;

export interface StoredSettings {
  approvalRequiresVerification: boolean;
  fourEyes: boolean;
  maxSubmissions: number;
  levels: VerificationLevel[] | null;
}

export async function readSettings(db: DbOrTx): Promise<StoredSettings | null> {
  const [row] = await db.select().from(verificationSettings).where(eq(verificationSettings.id, 1));
  if (!row) return null;
  return {
    approvalRequiresVerification: row.approvalRequiresVerification,
    fourEyes: row.fourEyes,
    maxSubmissions: row.maxSubmissions,
    levels: (row.levels as VerificationLevel[] | null) ?? null,
  };
}

export async function writeSettings(db: DbOrTx, s: StoredSettings, now: Date): Promise<void> {
  const values = { ...s, levels: s.levels, updatedAt: now };
  await db
    .insert(verificationSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: verificationSettings.id, set: values });
}

export async function requirementsOf(db: DbOrTx, userId: number): Promise<RequirementRow[]> {
  return db.select().from(verificationRequirements).where(eq(verificationRequirements.userId, userId));
}

/** The requirement row, created in `not_submitted` on first use (concurrent creators meet on the key). */
export async function ensureRequirement(
  db: DbOrTx,
  userId: number,
  kind: RequirementKind,
): Promise<RequirementRow> {
  await db
    .insert(verificationRequirements)
    .values({ userId, kind })
    .onConflictDoNothing({ target: [verificationRequirements.userId, verificationRequirements.kind] });
  const [row] = await db
    .select()
    .from(verificationRequirements)
    .where(and(eq(verificationRequirements.userId, userId), eq(verificationRequirements.kind, kind)));
  if (!row) throw new Error('requirement row vanished');
  return row;
}

/**
 * Compare-and-set: updates the requirement only while it is still in `from` (and at the same
 * submission count), so of two concurrent decisions exactly one applies. Null when it changed.
 */
export async function casRequirement(
  db: DbOrTx,
  id: number,
  from: { state: RequirementState; submissions: number },
  set: Partial<Omit<RequirementRow, 'id' | 'userId' | 'kind' | 'createdAt'>>,
): Promise<RequirementRow | null> {
  const [row] = await db
    .update(verificationRequirements)
    .set(set)
    .where(
      and(
        eq(verificationRequirements.id, id),
        eq(verificationRequirements.state, from.state),
        eq(verificationRequirements.submissions, from.submissions),
      ),
    )
    .returning();
  return row ?? null;
}

/** Verified requirements whose expiry passed become `expired` (read lazily before each use). */
export async function expireDue(db: DbOrTx, userId: number, now: Date): Promise<RequirementRow[]> {
  return db
    .update(verificationRequirements)
    .set({ state: 'expired', updatedAt: now })
    .where(
      and(
        eq(verificationRequirements.userId, userId),
        eq(verificationRequirements.state, 'verified'),
        lte(verificationRequirements.expiresAt, now),
      ),
    )
    .returning();
}

export async function insertDocument(db: DbOrTx, row: typeof verificationDocuments.$inferInsert) {
  const [inserted] = await db.insert(verificationDocuments).values(row).returning();
  if (!inserted) throw new Error('document insert returned nothing');
  return inserted;
}

export async function documentsOf(db: DbOrTx, userId: number): Promise<DocumentRow[]> {
  return db
    .select()
    .from(verificationDocuments)
    .where(eq(verificationDocuments.userId, userId))
    .orderBy(asc(verificationDocuments.createdAt), asc(verificationDocuments.id));
}

export async function findDocument(db: DbOrTx, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(verificationDocuments).where(eq(verificationDocuments.id, id));
  return row;
}

/** Bytes a customer keeps in verification files (the storage cap counts them all). */
export async function storedBytesOf(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sum(verificationDocuments.sizeBytes) })
    .from(verificationDocuments)
    .where(eq(verificationDocuments.userId, userId));
  return Number(row?.n ?? 0);
}

/** Files uploaded since the last submit of a requirement (what a submit takes). */
export async function unsubmittedDocuments(db: DbOrTx, userId: number, kind: RequirementKind) {
  return db
    .select()
    .from(verificationDocuments)
    .where(
      and(
        eq(verificationDocuments.userId, userId),
        eq(verificationDocuments.requirement, kind),
        isNull(verificationDocuments.submission),
      ),
    );
}

export async function markSubmitted(db: DbOrTx, ids: string[], submission: number): Promise<void> {
  if (ids.length === 0) return;
  await db.update(verificationDocuments).set({ submission }).where(inArray(verificationDocuments.id, ids));
}

/** Records a provider event once; false when it was seen before (a redelivery). */
export async function claimProviderEvent(
  db: DbOrTx,
  provider: string,
  eventId: string,
  userId: number | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(verificationProviderEvents)
    .values({ provider, eventId, userId, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: verificationProviderEvents.eventId });
  return rows.length > 0;
}

export interface QueueFilter {
  status: 'pending' | 'rejected' | 'verified' | 'all';
  country?: string;
  /** Oldest pending submission at or before this time. */
  submittedBefore?: Date;
  sort: 'oldest' | 'newest';
}

/**
 * Customers with requirements in the status asked for, with their states and the oldest
 * submission among them. Level filtering happens after (it depends on the configured levels).
 */
export async function queueRows(db: DbOrTx, f: QueueFilter) {
  const conds = [eq(users.role, 'customer')];
  if (f.status !== 'all') conds.push(eq(verificationRequirements.state, f.status));
  if (f.country) conds.push(sql`lower(coalesce(${users.country}, '')) = lower(${f.country})`);
  const oldest = sql<Date | null>`min(${verificationRequirements.submittedAt})`;
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      country: users.country,
      oldest,
    })
    .from(verificationRequirements)
    .innerJoin(users, eq(users.id, verificationRequirements.userId))
    .where(and(...conds))
    .groupBy(users.id)
    .having(f.submittedBefore ? lte(oldest, f.submittedBefore) : undefined)
    .orderBy(f.sort === 'oldest' ? asc(oldest) : desc(oldest), asc(users.id));
  return rows.map((r) => ({ ...r, oldest: r.oldest ? new Date(r.oldest) : null }));
}

export async function statesOfUsers(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: verificationRequirements.userId,
      kind: verificationRequirements.kind,
      state: verificationRequirements.state,
    })
    .from(verificationRequirements)
    .where(inArray(verificationRequirements.userId, userIds));
}

/** How many customers wait for a verification decision (the nav badge). */
export async function countPendingCustomers(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count(sql`distinct ${verificationRequirements.userId}`) })
    .from(verificationRequirements)
    .where(eq(verificationRequirements.state, 'pending'));
  return row?.n ?? 0;
}

export async function findCustomer(db: DbOrTx, userId: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'customer')));
  return row;
}

import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import type { DbOrTx } from '../accounts/repo.ts';

export type UserRow = typeof users.$inferSelect;

export async function insertSession(
  db: Db,
  row: { userId: number; tokenHash: string; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<number> {
  const [created] = await db.insert(sessions).values(row).returning({ id: sessions.id });
  if (!created) throw new Error('session insert returned nothing');
  return created.id;
}

/** The live session for a token digest, with its user; revoked or expired sessions are not found. */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ sessionId: number; lastUsedAt: Date; user: UserRow } | undefined> {
  const [row] = await db
    .select({ sessionId: sessions.id, lastUsedAt: sessions.lastUsedAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

export async function touchSession(db: Db, sessionId: number, now: Date, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: now, expiresAt }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, optionally sparing one (password change keeps the current one). */
export async function revokeUserSessions(
  db: DbOrTx,
  userId: number,
  now: Date,
  exceptSessionId?: number,
): Promise<void> {
  const scope = exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId);
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), scope));
}

/**
 * Revokes the live sessions of a user that match: all, all but `except`, or `only` one (which must
 * belong to the user). Returns the ids it revoked, for the socket drop that follows the commit.
 */
export async function revokeSessionsOf(
  db: DbOrTx,
  userId: number,
  now: Date,
  scope: { except?: number; only?: number } = {},
): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        scope.except === undefined ? undefined : ne(sessions.id, scope.except),
        scope.only === undefined ? undefined : eq(sessions.id, scope.only),
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

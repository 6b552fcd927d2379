import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
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

export interface LiveSession {
  sessionId: number;
  lastUsedAt: Date;
  expiresAt: Date;
  user: UserRow;
}

/** The live session for a token digest, with its user; revoked or expired sessions are not found. */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<LiveSession | undefined> {
  const [row] = await liveSessionQuery(db).execute({ tokenHash, now: now.toISOString() });
  return row;
}

/**
 * The lookup of every API request, built once per database and prepared (PostgreSQL keeps its plan;
 * drizzle does not rebuild its text), bench/RESULTS.md, Orders.
 */
const prepared = new WeakMap<Db, ReturnType<typeof prepareLiveSession>>();
function liveSessionQuery(db: Db) {
  let q = prepared.get(db);
  if (!q) {
    q = prepareLiveSession(db);
    prepared.set(db, q);
  }
  return q;
}
function prepareLiveSession(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      user: users,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('auth_live_session');
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

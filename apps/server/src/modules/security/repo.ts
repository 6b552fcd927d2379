import { and, count, desc, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recoveryCodes, sessions, twoFactor, userPreferences } from '../../db/schema.ts';
import type { DbOrTx } from '../accounts/repo.ts';

export type TwoFactorRow = typeof twoFactor.$inferSelect;

export async function findTwoFactor(db: DbOrTx, userId: number): Promise<TwoFactorRow | undefined> {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  return row;
}

/** A fresh pending secret replaces any earlier pending one; an enabled factor is never overwritten. */
export async function savePendingSecret(db: DbOrTx, userId: number, sealed: string): Promise<boolean> {
  const rows = await db
    .insert(twoFactor)
    .values({ userId, secretSealed: sealed })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secretSealed: sealed, lastUsedStep: null },
      setWhere: isNull(twoFactor.enabledAt),
    })
    .returning({ userId: twoFactor.userId });
  return rows.length > 0;
}

/**
 * Takes a time step for the user if it is newer than the last one used: compare-and-set, so two
 * requests racing with the same code succeed once.
 */
export async function claimStep(db: DbOrTx, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(twoFactor)
    .set({ lastUsedStep: step })
    .where(
      and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step))),
    )
    .returning({ userId: twoFactor.userId });
  return rows.length > 0;
}

export async function markEnabled(db: DbOrTx, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactor)
    .set({ enabledAt: now })
    .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.enabledAt)))
    .returning({ userId: twoFactor.userId });
  return rows.length > 0;
}

/** Removes the factor and its recovery codes; true when there was an enabled factor. */
export async function deleteTwoFactor(db: DbOrTx, userId: number): Promise<boolean> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const rows = await db
    .delete(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .returning({ enabledAt: twoFactor.enabledAt });
  return rows.some((r) => r.enabledAt !== null);
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: number, hashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends an unused recovery code: compare-and-set, so it works once. */
export async function useRecoveryCode(db: DbOrTx, userId: number, hash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hash), isNull(recoveryCodes.usedAt)),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** The user's live sessions, most recently used first. */
export async function liveSessions(db: Db, userId: number, now: Date) {
  return db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
}

export async function storedPreferences(db: Db, userId: number): Promise<unknown> {
  const [row] = await db
    .select({ prefs: userPreferences.prefs })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return row?.prefs ?? null;
}

export async function savePreferences(db: Db, userId: number, prefs: unknown, now: Date): Promise<void> {
  await db
    .insert(userPreferences)
    .values({ userId, prefs, updatedAt: now })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { prefs, updatedAt: now } });
}

/** Whether the user has an enabled second factor (the sign-in asks for a code). */
export async function twoFactorEnabled(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
  return (row?.n ?? 0) > 0;
}

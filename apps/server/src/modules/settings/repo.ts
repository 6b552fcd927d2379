import { eq } from 'drizzle-orm';
import { siteSettings } from '../../db/schema.ts';
import type { DbOrTx } from '../accounts/repo.ts';

export type SiteSettingsRow = typeof siteSettings.$inferSelect;
export type SiteSettingsPatch = Partial<Omit<SiteSettingsRow, 'id' | 'updatedAt'>>;

/** The settings row; created with defaults the first time it is asked for. */
export async function readSettings(db: DbOrTx): Promise<SiteSettingsRow> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  if (row) return row;
  const [created] = await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing().returning();
  return created ?? readSettings(db);
}

/**
 * The settings row locked for the rest of the transaction, so two staff saving at once are applied
 * one after the other and each audit row's "before" is what that change really replaced.
 */
export async function lockSettings(tx: DbOrTx): Promise<SiteSettingsRow> {
  await tx.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
  const [row] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1)).for('update');
  if (!row) throw new Error('settings row vanished');
  return row;
}

export async function writeSettings(
  tx: DbOrTx,
  patch: SiteSettingsPatch,
  now: Date,
): Promise<SiteSettingsRow> {
  const [row] = await tx
    .update(siteSettings)
    .set({ ...patch, updatedAt: now })
    .where(eq(siteSettings.id, 1))
    .returning();
  if (!row) throw new Error('settings row vanished');
  return row;
}

import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { siteSettings } from '../../db/schema.ts';

export type SiteSettingsRow = typeof siteSettings.$inferSelect;
export type SiteSettingsPatch = Partial<Omit<SiteSettingsRow, 'id' | 'updatedAt'>>;

/** The settings row; created with defaults the first time it is asked for. */
export async function readSettings(db: Db): Promise<SiteSettingsRow> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  if (row) return row;
  const [created] = await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing().returning();
  return created ?? readSettings(db);
}

export async function writeSettings(db: Db, patch: SiteSettingsPatch, now: Date): Promise<SiteSettingsRow> {
  await readSettings(db);
  const [row] = await db
    .update(siteSettings)
    .set({ ...patch, updatedAt: now })
    .where(eq(siteSettings.id, 1))
    .returning();
  if (!row) throw new Error('settings row vanished');
  return row;
}

import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { calendarEvents, contentSeedMarks, newsItems } from '../../db/schema.ts';
import { generateCalendarWeek, generateNews } from './seedData.ts';

type Kind = 'calendar' | 'news';

/**
 * Whether `kind` should be seeded now: never twice (staff who removed the demo content do not get
 * it back at the next start), and never into a table that already holds rows (a database from
 * before the marks existed is marked as seeded instead).
 */
async function firstSeed(db: Db, kind: Kind, rowsNow: number): Promise<boolean> {
  const [mark] = await db.select().from(contentSeedMarks).where(eq(contentSeedMarks.kind, kind));
  if (mark) return false;
  await db.insert(contentSeedMarks).values({ kind }).onConflictDoNothing();
  if (rowsNow > 0) await markEarlierSeedAsDemo(db, kind);
  return rowsNow === 0;
}

/**
 * A database seeded before demo marking existed: its first-start rows were inserted in one
 * statement, so they share the table's earliest `created_at`; those are the demo rows.
 */
async function markEarlierSeedAsDemo(db: Db, kind: Kind): Promise<void> {
  const table = kind === 'calendar' ? calendarEvents : newsItems;
  await db
    .update(table)
    .set({ isDemo: true })
    .where(eq(table.createdAt, sql`(select min(${table.createdAt}) from ${table})`));
}

/**
 * First-start content: this week's economic calendar and the last few days' headlines around `now`,
 * marked as demo content (customers see a "Demo content" badge until staff remove it).
 */
export async function seedContent(db: Db, now: Date = new Date()): Promise<{ events: number; news: number }> {
  let events = 0;
  let news = 0;
  const [eventCount] = await db.select({ n: count() }).from(calendarEvents);
  if (await firstSeed(db, 'calendar', eventCount?.n ?? 0)) {
    const rows = generateCalendarWeek(now).map((r) => ({ ...r, isDemo: true }));
    await db.insert(calendarEvents).values(rows);
    events = rows.length;
  }
  const [newsCount] = await db.select({ n: count() }).from(newsItems);
  if (await firstSeed(db, 'news', newsCount?.n ?? 0)) {
    const rows = generateNews(now).map((r) => ({ ...r, isDemo: true }));
    await db.insert(newsItems).values(rows);
    news = rows.length;
  }
  return { events, news };
}

import type {
  CalendarEventCreate,
  CalendarEventUpdate,
  NewsItemCreate,
  NewsItemUpdate,
} from '@openbroker/domain';
import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { calendarEvents, newsItems } from '../../db/schema.ts';
import type { DbOrTx } from '../accounts/repo.ts';

export type CalendarEventRow = typeof calendarEvents.$inferSelect;
export type NewsItemRow = typeof newsItems.$inferSelect;

/** Events with `from <= at < to`, soonest first. */
export function listCalendarEvents(db: Db, from: Date, to: Date): Promise<CalendarEventRow[]> {
  return db
    .select()
    .from(calendarEvents)
    .where(and(gte(calendarEvents.at, from), lt(calendarEvents.at, to)))
    .orderBy(asc(calendarEvents.at), asc(calendarEvents.id));
}

/** The newest headlines first. */
export function listNewsItems(db: Db, limit: number): Promise<NewsItemRow[]> {
  return db.select().from(newsItems).orderBy(desc(newsItems.publishedAt), desc(newsItems.id)).limit(limit);
}

export async function insertCalendarEvent(db: DbOrTx, input: CalendarEventCreate): Promise<CalendarEventRow> {
  const [row] = await db
    .insert(calendarEvents)
    .values({
      at: new Date(input.time),
      country: input.country,
      currency: input.currency,
      title: input.title,
      importance: input.importance,
      actual: input.actual ?? null,
      forecast: input.forecast ?? null,
      previous: input.previous ?? null,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Changes the fields given; undefined when there is no such event. */
export async function updateCalendarEvent(
  db: DbOrTx,
  id: number,
  input: CalendarEventUpdate,
  now: Date,
): Promise<CalendarEventRow | undefined> {
  const [row] = await db
    .update(calendarEvents)
    .set({
      at: input.time === undefined ? undefined : new Date(input.time),
      country: input.country,
      currency: input.currency,
      title: input.title,
      importance: input.importance,
      actual: input.actual,
      forecast: input.forecast,
      previous: input.previous,
      updatedAt: now,
    })
    .where(eq(calendarEvents.id, id))
    .returning();
  return row;
}

/** The row that went; undefined when there was none. */
export async function deleteCalendarEvent(db: DbOrTx, id: number): Promise<CalendarEventRow | undefined> {
  const [gone] = await db.delete(calendarEvents).where(eq(calendarEvents.id, id)).returning();
  return gone;
}

export async function findCalendarEvent(db: DbOrTx, id: number): Promise<CalendarEventRow | undefined> {
  const [row] = await db.select().from(calendarEvents).where(eq(calendarEvents.id, id));
  return row;
}

/** Removes every seeded sample event; how many went. */
export async function deleteDemoCalendarEvents(db: DbOrTx): Promise<number> {
  const gone = await db
    .delete(calendarEvents)
    .where(eq(calendarEvents.isDemo, true))
    .returning({ id: calendarEvents.id });
  return gone.length;
}

export async function insertNewsItem(db: DbOrTx, input: NewsItemCreate): Promise<NewsItemRow> {
  const [row] = await db
    .insert(newsItems)
    .values({
      title: input.title,
      summary: input.summary,
      source: input.source,
      url: input.url ?? null,
      publishedAt: new Date(input.published_at),
      symbols: input.symbols,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Changes the fields given; undefined when there is no such headline. */
export async function updateNewsItem(
  db: DbOrTx,
  id: number,
  input: NewsItemUpdate,
  now: Date,
): Promise<NewsItemRow | undefined> {
  const [row] = await db
    .update(newsItems)
    .set({
      title: input.title,
      summary: input.summary,
      source: input.source,
      url: input.url,
      publishedAt: input.published_at === undefined ? undefined : new Date(input.published_at),
      symbols: input.symbols,
      updatedAt: now,
    })
    .where(eq(newsItems.id, id))
    .returning();
  return row;
}

/** The row that went; undefined when there was none. */
export async function deleteNewsItem(db: DbOrTx, id: number): Promise<NewsItemRow | undefined> {
  const [gone] = await db.delete(newsItems).where(eq(newsItems.id, id)).returning();
  return gone;
}

export async function findNewsItem(db: DbOrTx, id: number): Promise<NewsItemRow | undefined> {
  const [row] = await db.select().from(newsItems).where(eq(newsItems.id, id));
  return row;
}

/** Removes every seeded sample headline; how many went. */
export async function deleteDemoNewsItems(db: DbOrTx): Promise<number> {
  const gone = await db.delete(newsItems).where(eq(newsItems.isDemo, true)).returning({ id: newsItems.id });
  return gone.length;
}

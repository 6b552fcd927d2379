import type { Db } from '../../db/client.ts';
import { calendarEvents, newsItems } from '../../db/schema.ts';
import { generateCalendarWeek, generateNews } from './seedData.ts';

/**
 * First-start content: this week's economic calendar and the last few days' headlines around `now`.
 * Each table is filled only while it is empty, so it is safe on every start and never touches what
 * staff have written since.
 */
export async function seedContent(db: Db, now: Date = new Date()): Promise<{ events: number; news: number }> {
  let events = 0;
  let news = 0;
  const anyEvent = await db.select({ id: calendarEvents.id }).from(calendarEvents).limit(1);
  if (anyEvent.length === 0) {
    const rows = generateCalendarWeek(now);
    await db.insert(calendarEvents).values(rows);
    events = rows.length;
  }
  const anyNews = await db.select({ id: newsItems.id }).from(newsItems).limit(1);
  if (anyNews.length === 0) {
    const rows = generateNews(now);
    await db.insert(newsItems).values(rows);
    news = rows.length;
  }
  return { events, news };
}

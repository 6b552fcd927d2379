import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { calendarEvents, newsItems } from '../../db/schema.ts';
import type { CalendarEventRow, NewsItemRow } from './repo.ts';

export interface Page<T> {
  rows: T[];
  total: number;
}

/** `field` or `-field` → the column and direction; the fields were whitelisted by the query schema. */
function orderOf<C>(
  sort: string | undefined,
  columns: Record<string, C>,
  fallback: string,
): { column: C; desc: boolean } {
  const value = sort ?? fallback;
  const column = columns[value.replace(/^-/, '')] ?? columns[fallback.replace(/^-/, '')];
  if (column === undefined) throw new Error(`no sort column for ${value}`);
  return { column, desc: value.startsWith('-') };
}

export interface CalendarPageFilter {
  from?: Date;
  to?: Date;
  demo?: boolean;
}

/** The staff list of events: a window (or everything), demo or not, sorted and paged. */
export async function pageCalendarEvents(
  db: Db,
  filter: CalendarPageFilter,
  sort: string | undefined,
  page: number,
  perPage: number,
): Promise<Page<CalendarEventRow>> {
  const where: SQL[] = [];
  if (filter.from) where.push(gte(calendarEvents.at, filter.from));
  if (filter.to) where.push(lt(calendarEvents.at, filter.to));
  if (filter.demo !== undefined) where.push(eq(calendarEvents.isDemo, filter.demo));
  const cond = where.length > 0 ? and(...where) : undefined;
  const { column, desc: descending } = orderOf(
    sort,
    {
      time: calendarEvents.at,
      title: calendarEvents.title,
      country: calendarEvents.country,
      currency: calendarEvents.currency,
      importance: calendarEvents.importance,
    },
    'time',
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(calendarEvents)
      .where(cond)
      .orderBy(descending ? desc(column) : asc(column), asc(calendarEvents.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(calendarEvents).where(cond),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export interface NewsPageFilter {
  source?: string;
  demo?: boolean;
}

/** The staff list of headlines, newest first unless told otherwise. */
export async function pageNewsItems(
  db: Db,
  filter: NewsPageFilter,
  sort: string | undefined,
  page: number,
  perPage: number,
): Promise<Page<NewsItemRow>> {
  const where: SQL[] = [];
  if (filter.source) where.push(eq(newsItems.source, filter.source));
  if (filter.demo !== undefined) where.push(eq(newsItems.isDemo, filter.demo));
  const cond = where.length > 0 ? and(...where) : undefined;
  const { column, desc: descending } = orderOf(
    sort,
    { published_at: newsItems.publishedAt, title: newsItems.title, source: newsItems.source },
    '-published_at',
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(newsItems)
      .where(cond)
      .orderBy(descending ? desc(column) : asc(column), desc(newsItems.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(newsItems).where(cond),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every source name headlines carry, for the staff list's filter. */
export async function newsSourceNames(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ source: newsItems.source })
    .from(newsItems)
    .orderBy(asc(newsItems.source));
  return rows.map((r) => r.source);
}

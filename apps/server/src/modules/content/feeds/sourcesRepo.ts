import type { NewsSource, NewsSourceCreate, NewsSourceUpdate } from '@openbroker/domain';
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { newsItems, newsSources } from '../../../db/schema.ts';
import type { DbOrTx } from '../../accounts/repo.ts';
import type { FeedItem } from './parseFeed.ts';

export type NewsSourceRow = typeof newsSources.$inferSelect;

export function presentSource(row: NewsSourceRow): NewsSource {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    enabled: row.enabled,
    last_fetched_at: row.lastFetchedAt?.toISOString() ?? null,
    last_error: row.lastError,
    last_added: row.lastAdded,
    created_at: row.createdAt.toISOString(),
  };
}

export async function pageSources(
  db: Db,
  page: number,
  perPage: number,
): Promise<{ rows: NewsSourceRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(newsSources)
      .orderBy(asc(newsSources.name), asc(newsSources.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(newsSources),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export function enabledSources(db: Db): Promise<NewsSourceRow[]> {
  return db.select().from(newsSources).where(eq(newsSources.enabled, true)).orderBy(asc(newsSources.id));
}

export async function findSource(db: DbOrTx, id: number): Promise<NewsSourceRow | undefined> {
  const [row] = await db.select().from(newsSources).where(eq(newsSources.id, id));
  return row;
}

export async function insertSource(db: DbOrTx, input: NewsSourceCreate): Promise<NewsSourceRow> {
  const [row] = await db.insert(newsSources).values(input).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateSource(
  db: DbOrTx,
  id: number,
  input: NewsSourceUpdate,
  now: Date,
): Promise<NewsSourceRow | undefined> {
  const [row] = await db
    .update(newsSources)
    .set({ name: input.name, url: input.url, enabled: input.enabled, updatedAt: now })
    .where(eq(newsSources.id, id))
    .returning();
  return row;
}

/** Removes the source; its headlines stay (as written by nobody's feed any more). */
export async function deleteSource(db: DbOrTx, id: number): Promise<NewsSourceRow | undefined> {
  const [row] = await db.delete(newsSources).where(eq(newsSources.id, id)).returning();
  return row;
}

export async function recordFetch(
  db: DbOrTx,
  id: number,
  at: Date,
  outcome: { error: string | null; added: number },
): Promise<NewsSourceRow | undefined> {
  const [row] = await db
    .update(newsSources)
    .set({ lastFetchedAt: at, lastError: outcome.error, lastAdded: outcome.added })
    .where(eq(newsSources.id, id))
    .returning();
  return row;
}

/** Stores the items not seen before from this source (by guid); how many were new. */
export async function insertFeedItems(
  db: DbOrTx,
  source: { id: number; name: string },
  items: FeedItem[],
): Promise<number> {
  // A feed listing one item twice: the first listing (the newest, as feeds are ordered) wins.
  const byGuid = new Map<string, FeedItem>();
  for (const i of items) if (!byGuid.has(i.guid)) byGuid.set(i.guid, i);
  const unique = [...byGuid.values()];
  if (unique.length === 0) return 0;
  const added = await db
    .insert(newsItems)
    .values(
      unique.map((i) => ({
        title: i.title,
        summary: i.summary,
        source: source.name,
        url: i.url,
        publishedAt: i.publishedAt,
        symbols: [],
        isDemo: false,
        sourceId: source.id,
        guid: i.guid,
      })),
    )
    .onConflictDoNothing({ target: [newsItems.sourceId, newsItems.guid] })
    .returning({ id: newsItems.id });
  return added.length;
}

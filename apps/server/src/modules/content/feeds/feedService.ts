import type { NewsSource, NewsSourceCreate, NewsSourceUpdate } from '@openbroker/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Job } from '../../../bots/scheduler.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../errors.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Bus } from '../../../realtime/bus.ts';
import type { AuditActor, AuditService } from '../../audit/service.ts';
import { changedFields } from '../present.ts';
import { FeedParseError, parseFeed } from './parseFeed.ts';
import { FeedFetchError, type FetchPolicy, safeFetch } from './safeFetch.ts';
import {
  deleteSource,
  enabledSources,
  findSource,
  insertFeedItems,
  insertSource,
  type NewsSourceRow,
  presentSource,
  recordFetch,
  updateSource,
} from './sourcesRepo.ts';

/** How often the `bots` node fetches every enabled source. */
export const NEWS_FETCH_EVERY_MS = 15 * 60_000;
const SOURCE_FIELDS = ['name', 'url', 'enabled'] as const;

export interface FetchOutcome {
  source: NewsSource;
  added: number;
  error: string | null;
}

/** RSS/Atom news sources: staff CRUD (audited) and the fetch that turns feeds into headlines. */
export function createFeedService(deps: {
  db: Db;
  clock: Clock;
  bus: Bus;
  audit: AuditService;
  policy: FetchPolicy;
  log: FastifyBaseLogger;
}) {
  const { db, clock, bus, audit } = deps;
  const changed = (id?: number) => bus.publish('admin.changed', { scope: 'content', id: id?.toString() });

  /** Fetches one source and records how it went on the source (never throws for a bad feed). */
  async function fetchOne(source: NewsSourceRow): Promise<FetchOutcome> {
    const at = clock.now();
    let added = 0;
    let error: string | null = null;
    try {
      const { url, body } = await safeFetch(source.url, deps.policy);
      const feed = parseFeed(body.toString('utf8'), url, at);
      added = await insertFeedItems(db, source, feed.items);
    } catch (e) {
      if (!(e instanceof FeedFetchError || e instanceof FeedParseError)) {
        deps.log.error({ err: e, source: source.id }, 'news source fetch failed');
      }
      error =
        e instanceof FeedFetchError || e instanceof FeedParseError ? e.message : 'The feed could not be read';
    }
    const row = (await recordFetch(db, source.id, at, { error, added })) ?? source;
    changed(source.id);
    return { source: presentSource(row), added, error };
  }

  /** Every enabled source, one after another (a slow feed delays the others, never overlaps them). */
  async function fetchAll(): Promise<FetchOutcome[]> {
    const out: FetchOutcome[] = [];
    for (const source of await enabledSources(db)) out.push(await fetchOne(source));
    return out;
  }

  return {
    async create(actor: AuditActor, input: NewsSourceCreate): Promise<NewsSource> {
      const out = await db.transaction(async (tx) => {
        const row = presentSource(await insertSource(tx, input));
        await audit.record(tx, actor, {
          action: 'news_source.create',
          objectType: 'news_source',
          objectId: row.id,
          after: { name: row.name, url: row.url, enabled: row.enabled },
        });
        return row;
      });
      changed(out.id);
      return out;
    },

    async update(actor: AuditActor, id: number, input: NewsSourceUpdate): Promise<NewsSource> {
      const out = await db.transaction(async (tx) => {
        const old = await findSource(tx, id);
        const row = old && (await updateSource(tx, id, input, clock.now()));
        if (!old || !row) throw new AppError('NOT_FOUND', 'No such news source.');
        const before = presentSource(old);
        const after = presentSource(row);
        await audit.record(tx, actor, {
          action: 'news_source.update',
          objectType: 'news_source',
          objectId: id,
          ...changedFields(before, after, SOURCE_FIELDS),
        });
        return after;
      });
      changed(id);
      return out;
    },

    async remove(actor: AuditActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const gone = await deleteSource(tx, id);
        if (!gone) throw new AppError('NOT_FOUND', 'No such news source.');
        await audit.record(tx, actor, {
          action: 'news_source.delete',
          objectType: 'news_source',
          objectId: id,
          before: { name: gone.name, url: gone.url, enabled: gone.enabled },
        });
      });
      changed(id);
    },

    /** "Fetch now": a staff action, so it is on the record with its outcome. */
    async fetchNow(actor: AuditActor, id: number): Promise<FetchOutcome> {
      const source = await findSource(db, id);
      if (!source) throw new AppError('NOT_FOUND', 'No such news source.');
      const outcome = await fetchOne(source);
      await audit.record(db, actor, {
        action: 'news_source.fetch',
        objectType: 'news_source',
        objectId: id,
        after: { added: outcome.added, error: outcome.error },
      });
      return outcome;
    },

    fetchAll,

    /** The scheduled fetch, run on the node holding the `bots` role. */
    job(): Job {
      return {
        name: 'content.news-sources',
        everyMs: NEWS_FETCH_EVERY_MS,
        run: async () => {
          await fetchAll();
        },
      };
    },
  };
}
export type FeedService = ReturnType<typeof createFeedService>;

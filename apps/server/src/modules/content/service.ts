import type {
  CalendarEventCreate,
  CalendarEventOut,
  CalendarEventUpdate,
  NewsItemCreate,
  NewsItemOut,
  NewsItemUpdate,
} from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { AuditActor, AuditService } from '../audit/service.ts';
import { changedFields, presentCalendarEvent, presentNewsItem } from './present.ts';
import {
  deleteCalendarEvent,
  deleteDemoCalendarEvents,
  deleteDemoNewsItems,
  deleteNewsItem,
  findCalendarEvent,
  findNewsItem,
  insertCalendarEvent,
  insertNewsItem,
  updateCalendarEvent,
  updateNewsItem,
} from './repo.ts';

const EVENT_FIELDS = [
  'time',
  'country',
  'currency',
  'title',
  'importance',
  'actual',
  'forecast',
  'previous',
] as const;
const NEWS_FIELDS = ['title', 'summary', 'source', 'url', 'published_at', 'symbols'] as const;

/** What staff write in the calendar and the news (DESIGN §12: audited in the same transaction). */
export function createContentService(deps: { db: Db; clock: Clock; bus: Bus; audit: AuditService }) {
  const { db, clock, bus, audit } = deps;
  const changed = (id?: number) => bus.publish('admin.changed', { scope: 'content', id: id?.toString() });

  return {
    async createEvent(actor: AuditActor, input: CalendarEventCreate): Promise<CalendarEventOut> {
      const out = await db.transaction(async (tx) => {
        const row = presentCalendarEvent(await insertCalendarEvent(tx, input));
        await audit.record(tx, actor, {
          action: 'calendar.create',
          objectType: 'calendar_event',
          objectId: row.id,
          after: row,
        });
        return row;
      });
      changed(out.id);
      return out;
    },

    async updateEvent(actor: AuditActor, id: number, input: CalendarEventUpdate): Promise<CalendarEventOut> {
      const out = await db.transaction(async (tx) => {
        const old = await findCalendarEvent(tx, id);
        const row = old && (await updateCalendarEvent(tx, id, input, clock.now()));
        if (!old || !row) throw new AppError('NOT_FOUND', 'No such calendar event.');
        const before = presentCalendarEvent(old);
        const after = presentCalendarEvent(row);
        await audit.record(tx, actor, {
          action: 'calendar.update',
          objectType: 'calendar_event',
          objectId: id,
          ...changedFields(before, after, EVENT_FIELDS),
        });
        return after;
      });
      changed(id);
      return out;
    },

    async deleteEvent(actor: AuditActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const gone = await deleteCalendarEvent(tx, id);
        if (!gone) throw new AppError('NOT_FOUND', 'No such calendar event.');
        await audit.record(tx, actor, {
          action: 'calendar.delete',
          objectType: 'calendar_event',
          objectId: id,
          before: presentCalendarEvent(gone),
        });
      });
      changed(id);
    },

    async createNews(actor: AuditActor, input: NewsItemCreate): Promise<NewsItemOut> {
      const out = await db.transaction(async (tx) => {
        const row = presentNewsItem(await insertNewsItem(tx, input));
        await audit.record(tx, actor, {
          action: 'news.create',
          objectType: 'news_item',
          objectId: row.id,
          after: row,
        });
        return row;
      });
      changed(out.id);
      return out;
    },

    async updateNews(actor: AuditActor, id: number, input: NewsItemUpdate): Promise<NewsItemOut> {
      const out = await db.transaction(async (tx) => {
        const old = await findNewsItem(tx, id);
        const row = old && (await updateNewsItem(tx, id, input, clock.now()));
        if (!old || !row) throw new AppError('NOT_FOUND', 'No such news item.');
        const before = presentNewsItem(old);
        const after = presentNewsItem(row);
        await audit.record(tx, actor, {
          action: 'news.update',
          objectType: 'news_item',
          objectId: id,
          ...changedFields(before, after, NEWS_FIELDS),
        });
        return after;
      });
      changed(id);
      return out;
    },

    async deleteNews(actor: AuditActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const gone = await deleteNewsItem(tx, id);
        if (!gone) throw new AppError('NOT_FOUND', 'No such news item.');
        await audit.record(tx, actor, {
          action: 'news.delete',
          objectType: 'news_item',
          objectId: id,
          before: presentNewsItem(gone),
        });
      });
      changed(id);
    },

    /** "Remove demo content": every seeded sample of one kind goes, in one audited step. */
    async removeDemo(actor: AuditActor, kind: 'calendar' | 'news'): Promise<number> {
      const removed = await db.transaction(async (tx) => {
        const n = kind === 'calendar' ? await deleteDemoCalendarEvents(tx) : await deleteDemoNewsItems(tx);
        await audit.record(tx, actor, {
          action: `${kind}.demo_remove`,
          objectType: kind === 'calendar' ? 'calendar_event' : 'news_item',
          objectId: null,
          after: { removed: n },
        });
        return n;
      });
      changed();
      return removed;
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;

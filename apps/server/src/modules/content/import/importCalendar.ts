import {
  CALENDAR_IMPORT_MAX_ROWS,
  type CalendarImportResult,
  type CalendarImportRow,
} from '@openbroker/domain';
import { and, gte, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { calendarEvents } from '../../../db/schema.ts';
import { validationError } from '../../../errors.ts';
import type { Bus } from '../../../realtime/bus.ts';
import type { AuditActor, AuditService } from '../../audit/service.ts';
import { parseCsvCalendar } from './parseCsvCalendar.ts';
import { parseIcs } from './parseIcs.ts';

const keyOf = (e: { time: string; currency: string; title: string }) =>
  `${new Date(e.time).toISOString()}|${e.currency}|${e.title.toLowerCase()}`;

/** CSV or iCalendar, by the name and then the content (an .ics starts with BEGIN:VCALENDAR). */
export function formatOf(fileName: string, text: string): 'csv' | 'ics' {
  if (/\.(ics|ical|ifb)$/i.test(fileName)) return 'ics';
  if (/\.csv$/i.test(fileName)) return 'csv';
  return /^\uFEFF?\s*BEGIN:VCALENDAR/i.test(text) ? 'ics' : 'csv';
}

/**
 * Calendar import (a CSV or an .ics): every row is checked with the schema of `POST /admin/calendar`;
 * rows already in the calendar (same time, currency and title) are duplicates. A dry run says what
 * would happen; otherwise the good rows are added in one transaction with one audit row.
 */
export function createCalendarImport(deps: { db: Db; bus: Bus; audit: AuditService }) {
  const { db, bus, audit } = deps;

  async function markDuplicates(rows: CalendarImportRow[]): Promise<void> {
    const ok = rows.flatMap((r) => (r.status === 'ok' && r.event ? [r.event] : []));
    if (ok.length === 0) return;
    const times = ok.map((e) => Date.parse(e.time));
    const existing = await db
      .select({ at: calendarEvents.at, currency: calendarEvents.currency, title: calendarEvents.title })
      .from(calendarEvents)
      .where(
        and(
          gte(calendarEvents.at, new Date(Math.min(...times))),
          lte(calendarEvents.at, new Date(Math.max(...times))),
        ),
      );
    const seen = new Set(existing.map((e) => keyOf({ ...e, time: e.at.toISOString() })));
    for (const r of rows) {
      if (r.status !== 'ok' || !r.event) continue;
      const key = keyOf(r.event);
      if (seen.has(key)) {
        r.status = 'duplicate';
        r.errors = ['Already in the calendar (same time, currency and title)'];
      } else seen.add(key);
    }
  }

  return {
    async run(
      actor: AuditActor,
      file: { name: string; text: string },
      dryRun: boolean,
    ): Promise<CalendarImportResult> {
      const format = formatOf(file.name, file.text);
      const parsed =
        format === 'ics'
          ? parseIcs(file.text, CALENDAR_IMPORT_MAX_ROWS)
          : parseCsvCalendar(file.text, CALENDAR_IMPORT_MAX_ROWS);
      if ('error' in parsed) throw validationError({ file: [parsed.error] });
      const rows = parsed.rows;
      await markDuplicates(rows);
      const good = rows.flatMap((r) => (r.status === 'ok' && r.event ? [r.event] : []));
      let imported = 0;
      if (!dryRun && good.length > 0) {
        imported = await db.transaction(async (tx) => {
          const inserted = await tx
            .insert(calendarEvents)
            .values(
              good.map((e) => ({
                at: new Date(e.time),
                country: e.country,
                currency: e.currency,
                title: e.title,
                importance: e.importance,
                actual: e.actual,
                forecast: e.forecast,
                previous: e.previous,
                isDemo: false,
              })),
            )
            .returning({ id: calendarEvents.id });
          await audit.record(tx, actor, {
            action: 'calendar.import',
            objectType: 'calendar_event',
            objectId: null,
            after: {
              count: inserted.length,
              file: file.name.slice(0, 200),
              format,
              skipped: rows.length - inserted.length,
            },
          });
          return inserted.length;
        });
        bus.publish('admin.changed', { scope: 'content' });
      }
      return { format, dry_run: dryRun, total: rows.length, valid: good.length, imported, rows };
    },
  };
}
export type CalendarImport = ReturnType<typeof createCalendarImport>;

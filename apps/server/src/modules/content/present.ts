import type { CalendarEventOut, CalendarImportance, NewsItemOut } from '@openbroker/domain';
import type { CalendarEventRow, NewsItemRow } from './repo.ts';

const importanceOf = (n: number): CalendarImportance => (n < 0 ? -1 : n > 0 ? 1 : 0);

export function presentCalendarEvent(row: CalendarEventRow): CalendarEventOut {
  return {
    id: row.id,
    time: row.at.toISOString(),
    country: row.country.trim(),
    currency: row.currency,
    title: row.title,
    importance: importanceOf(row.importance),
    actual: row.actual,
    forecast: row.forecast,
    previous: row.previous,
    is_demo: row.isDemo,
  };
}

export function presentNewsItem(row: NewsItemRow): NewsItemOut {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    source: row.source,
    url: row.url,
    published_at: row.publishedAt.toISOString(),
    symbols: row.symbols,
    is_demo: row.isDemo,
    source_id: row.sourceId,
  };
}

/**
 * The audit's before/after of an update: only the fields the change touched, with their old and
 * new values (unchanged fields are left out, so the trail reads as the edit).
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
  keys: readonly (keyof T)[],
): { before: Partial<T>; after: Partial<T> } {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const k of keys) {
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k];
      a[k] = after[k];
    }
  }
  return { before: b, after: a };
}

import type { WeekdayKey } from '@openbroker/domain';
import { formatDate } from '@/i18n/format';

/** Monday 1 January 2024 (UTC): a week of known weekdays to ask `Intl` for their names. */
const A_MONDAY = Date.UTC(2024, 0, 1);
const DAY_MS = 86_400_000;
const OFFSET: Record<WeekdayKey, number> = { mon: 0, tue: 1, wed: 2, thu: 3, fri: 4, sat: 5, sun: 6 };

/** A weekday's name in the reader's language ("Monday", "lunes"), as it reads inside a sentence. */
export function weekdayName(day: WeekdayKey): string {
  return formatDate(A_MONDAY + OFFSET[day] * DAY_MS, { weekday: 'long', timeZone: 'UTC' });
}

/** A weekday's name as a heading or row label: capitalised ("Monday", "Lunes"). */
export function weekdayLabel(day: WeekdayKey): string {
  const name = weekdayName(day);
  return name.charAt(0).toLocaleUpperCase() + name.slice(1);
}

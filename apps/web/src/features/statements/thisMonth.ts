import { utcDay } from '@openbroker/domain';

/** The default statement period: the first of this month to today (UTC days, as statements count). */
export function thisMonth(now: Date = new Date()): { from: string; to: string } {
  const to = utcDay(now);
  return { from: `${to.slice(0, 8)}01`, to };
}

/**
 * Trading hours (SPEC §9), read in each market's own time zone:
 * crypto 24/7; forex 24/5 from Sunday 22:00 to Friday 22:00 (UTC); stocks and indices Mon–Fri
 * 09:30–16:00 in the exchange's zone; commodities and metals on the electronic session, Sunday 18:00
 * to Friday 17:00 New York with a daily 17:00–18:00 break; anything else Mon–Fri 09:00–17:00.
 * Staff may give an instrument its own weekly sessions (sessions.ts), read in its exchange zone;
 * they replace the type's hours everywhere (orders, risk engine, feed, asset information).
 */
import {
  describeSessions,
  type SessionMinutes,
  sessionMinutes,
  type WeeklySessions,
  withinSessions,
} from './sessions.ts';

export const ASSET_TYPES = ['forex', 'stocks', 'crypto', 'commodities', 'indices', 'metals'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export type ScheduleKind = 'always' | 'forex' | 'exchange' | 'electronic' | 'default' | 'sessions';

export interface TradingSchedule {
  kind: ScheduleKind;
  /** IANA zone the hours are read in. */
  timeZone: string;
  /** Human description for the asset information dialog. */
  description: string;
  /** Kind `sessions`: the instrument's own open intervals per weekday, in minutes. */
  sessions?: SessionMinutes;
}

/** Minutes from midnight. */
const hm = (h: number, m = 0) => h * 60 + m;

/**
 * The schedule of an asset type; `exchangeZone` is where a stock or index trades (New York by
 * default). With `sessions`, the instrument's own weekly hours in `exchangeZone` instead.
 */
export function scheduleFor(
  type: AssetType,
  exchangeZone = 'America/New_York',
  sessions?: WeeklySessions | null,
): TradingSchedule {
  if (sessions) {
    return {
      kind: 'sessions',
      timeZone: exchangeZone,
      description: describeSessions(sessions, exchangeZone),
      sessions: sessionMinutes(sessions),
    };
  }
  switch (type) {
    case 'crypto':
      return { kind: 'always', timeZone: 'UTC', description: '24/7' };
    case 'forex':
      return { kind: 'forex', timeZone: 'UTC', description: '24/5: Sunday 22:00 to Friday 22:00 UTC' };
    case 'stocks':
    case 'indices':
      return {
        kind: 'exchange',
        timeZone: exchangeZone,
        description: `Monday to Friday 09:30–16:00 (${exchangeZone})`,
      };
    // Metals trade on the same electronic session as energies (COMEX/NYMEX Globex), not office hours.
    case 'commodities':
    case 'metals':
      return {
        kind: 'electronic',
        timeZone: 'America/New_York',
        description: 'Sunday 18:00 to Friday 17:00 (America/New_York), daily break 17:00–18:00',
      };
    default:
      return { kind: 'default', timeZone: 'UTC', description: 'Monday to Friday 09:00–17:00 UTC' };
  }
}

/** What the hours depend on: an instrument as the server and the web hold it. */
export interface ScheduledInstrument {
  type: AssetType;
  exchangeZone: string;
  sessions?: WeeklySessions | null;
}

/**
 * The one schedule of an instrument (SPEC §9 with staff overrides): its own sessions when set,
 * else its type's default hours. Every market-open check goes through this.
 */
export function instrumentSchedule(inst: ScheduledInstrument): TradingSchedule {
  return scheduleFor(inst.type, inst.exchangeZone, inst.sessions);
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Weekday (0 = Sunday) and minute of day of an instant in a zone; daylight saving handled by Intl. */
export function localTime(at: Date, timeZone: string): { weekday: number; minute: number } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  let weekday = 0;
  let hour = 0;
  let minute = 0;
  for (const p of f.formatToParts(at)) {
    if (p.type === 'weekday') weekday = WEEKDAYS[p.value] ?? 0;
    else if (p.type === 'hour') hour = Number(p.value);
    else if (p.type === 'minute') minute = Number(p.value);
  }
  return { weekday, minute: hm(hour, minute) };
}

const isWeekday = (d: number) => d >= 1 && d <= 5;

/** Whether a market on this schedule is open at the instant. */
export function isMarketOpen(schedule: TradingSchedule, at: Date): boolean {
  if (schedule.kind === 'always') return true;
  const { weekday, minute } = localTime(at, schedule.timeZone);
  switch (schedule.kind) {
    case 'sessions':
      return withinSessions(schedule.sessions ?? [], weekday, minute);
    case 'forex':
      if (weekday === 6) return false;
      if (weekday === 0) return minute >= hm(22);
      if (weekday === 5) return minute < hm(22);
      return true;
    case 'exchange':
      return isWeekday(weekday) && minute >= hm(9, 30) && minute < hm(16);
    case 'electronic':
      if (weekday === 6) return false;
      if (weekday === 0) return minute >= hm(18);
      if (weekday === 5) return minute < hm(17);
      return minute < hm(17) || minute >= hm(18);
    default:
      return isWeekday(weekday) && minute >= hm(9) && minute < hm(17);
  }
}

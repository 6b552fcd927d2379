/**
 * An instrument's own trading sessions (issue 13, back office): per weekday a list of open
 * intervals `[from, to)` as `HH:MM` in the market's zone, `24:00` meaning midnight at the end of
 * the day. A session that runs past midnight is split into two days (`sun: [['22:00','24:00']]`,
 * `mon: [['00:00','24:00']]`). No sessions (null) means the type's default hours of SPEC §9.
 */
export const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];

export const WEEKDAY_NAMES: Record<WeekdayKey, string> = {
  sun: 'Sunday',
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
};

/** One open interval, `[from, to)` as `HH:MM`. */
export type SessionInterval = [string, string];
export type WeeklySessions = Record<WeekdayKey, SessionInterval[]>;

/** Open intervals in minutes from midnight, indexed by weekday (0 = Sunday), for fast checks. */
export type SessionMinutes = readonly (readonly [number, number])[][];

const HHMM = /^(?:([01]\d|2[0-3]):([0-5]\d)|(24):(00))$/;

/** Minutes from midnight of `HH:MM` (00:00–24:00), or null when it is not such a time. */
export function hmToMinutes(text: string): number | null {
  const m = HHMM.exec(text);
  if (!m) return null;
  const hours = Number(m[1] ?? m[3]);
  const minutes = Number(m[2] ?? m[4]);
  return hours * 60 + minutes;
}

/** `HH:MM` of minutes from midnight (0–1440). */
export function minutesToHm(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** A problem with one interval: where (`mon.1`) and what, in words staff read beside the field. */
export interface SessionProblem {
  day: WeekdayKey;
  index: number;
  message: string;
}

/**
 * What is wrong with a week of sessions, if anything: times must be `HH:MM` within 00:00–24:00,
 * each interval must start before it ends, and a day's intervals must not overlap.
 */
export function sessionProblems(sessions: WeeklySessions): SessionProblem[] {
  const problems: SessionProblem[] = [];
  for (const day of WEEKDAY_KEYS) {
    const parsed: { index: number; from: number; to: number }[] = [];
    (sessions[day] ?? []).forEach(([fromText, toText], index) => {
      const from = hmToMinutes(fromText);
      const to = hmToMinutes(toText);
      if (from === null || to === null) {
        problems.push({ day, index, message: 'Times must be HH:MM between 00:00 and 24:00' });
      } else if (from >= to) {
        problems.push({ day, index, message: `${WEEKDAY_NAMES[day]}: ${fromText} must be before ${toText}` });
      } else parsed.push({ index, from, to });
    });
    parsed.sort((a, b) => a.from - b.from);
    for (let i = 1; i < parsed.length; i++) {
      const prev = parsed[i - 1];
      const cur = parsed[i];
      if (prev && cur && cur.from < prev.to) {
        problems.push({
          day,
          index: cur.index,
          message: `${WEEKDAY_NAMES[day]}: ${minutesToHm(cur.from)}–${minutesToHm(cur.to)} overlaps ${minutesToHm(prev.from)}–${minutesToHm(prev.to)}`,
        });
      }
    }
  }
  return problems;
}

/** The sessions in minutes per weekday; intervals that are not valid are left out (never open). */
export function sessionMinutes(sessions: WeeklySessions): SessionMinutes {
  return WEEKDAY_KEYS.map((day) =>
    (sessions[day] ?? []).flatMap(([fromText, toText]) => {
      const from = hmToMinutes(fromText);
      const to = hmToMinutes(toText);
      return from !== null && to !== null && from < to ? [[from, to] as const] : [];
    }),
  );
}

/** Whether a weekday (0 = Sunday) and minute of day fall inside one of the open intervals. */
export function withinSessions(minutes: SessionMinutes, weekday: number, minute: number): boolean {
  for (const [from, to] of minutes[weekday] ?? []) if (minute >= from && minute < to) return true;
  return false;
}

/** A week of sessions in words for the asset information dialog: "Mon 09:00–17:00; Sat closed; …". */
export function describeSessions(sessions: WeeklySessions, timeZone: string): string {
  const days = [...WEEKDAY_KEYS.slice(1), 'sun' as const].map((day) => {
    const list = sessions[day] ?? [];
    const label = WEEKDAY_NAMES[day].slice(0, 3);
    return list.length === 0 ? `${label} closed` : `${label} ${list.map(([a, b]) => `${a}–${b}`).join(', ')}`;
  });
  return `${days.join('; ')} (${timeZone})`;
}

/** A week with the same intervals every day: a convenience for forms and tests. */
export function everyDay(intervals: SessionInterval[]): WeeklySessions {
  const copy = () => intervals.map(([a, b]): SessionInterval => [a, b]);
  return { sun: copy(), mon: copy(), tue: copy(), wed: copy(), thu: copy(), fri: copy(), sat: copy() };
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { weeklySessionsSchema } from '../schemas/instruments.ts';
import {
  everyDay,
  hmToMinutes,
  minutesToHm,
  type SessionInterval,
  sessionProblems,
  WEEKDAY_KEYS,
  type WeeklySessions,
} from './sessions.ts';
import { instrumentSchedule, isMarketOpen, localTime, scheduleFor } from './tradingHours.ts';

const at = (iso: string) => new Date(iso);
const closedWeek = (): WeeklySessions => everyDay([]);

/** Sorted, disjoint intervals of a day, drawn as cut points in 0–1440. */
const dayIntervals = fc.uniqueArray(fc.integer({ min: 0, max: 1440 }), { maxLength: 8 }).map((cuts) => {
  const sorted = [...cuts].sort((a, b) => a - b);
  const out: SessionInterval[] = [];
  for (let i = 0; i + 1 < sorted.length; i += 2) {
    out.push([minutesToHm(sorted[i] ?? 0), minutesToHm(sorted[i + 1] ?? 0)]);
  }
  return out;
});
const week = fc.record({
  sun: dayIntervals,
  mon: dayIntervals,
  tue: dayIntervals,
  wed: dayIntervals,
  thu: dayIntervals,
  fri: dayIntervals,
  sat: dayIntervals,
});
const zones = fc.constantFrom('UTC', 'America/New_York', 'Europe/Berlin', 'Asia/Tokyo', 'Australia/Sydney');
const instants = fc.date({
  min: at('2024-01-01T00:00:00Z'),
  max: at('2030-12-31T23:59:59Z'),
  noInvalidDate: true,
});

describe('HH:MM', () => {
  it('reads 00:00–24:00 and nothing else', () => {
    expect(hmToMinutes('00:00')).toBe(0);
    expect(hmToMinutes('09:30')).toBe(570);
    expect(hmToMinutes('24:00')).toBe(1440);
    for (const bad of ['24:01', '25:00', '9:30', '12:60', '', 'noon']) expect(hmToMinutes(bad)).toBeNull();
  });

  it('round-trips every minute of the day', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1440 }), (m) => hmToMinutes(minutesToHm(m)) === m));
  });
});

describe('instrument sessions (issue 13)', () => {
  it('is open exactly inside one of the day’s intervals, in the instrument’s zone', () => {
    fc.assert(
      fc.property(week, zones, instants, (sessions, zone, instant) => {
        const { weekday, minute } = localTime(instant, zone);
        const today = sessions[WEEKDAY_KEYS[weekday] ?? 'sun'];
        const expected = today.some(([a, b]) => {
          const from = hmToMinutes(a) ?? 0;
          const to = hmToMinutes(b) ?? 0;
          return minute >= from && minute < to;
        });
        const schedule = instrumentSchedule({ type: 'stocks', exchangeZone: zone, sessions });
        return isMarketOpen(schedule, instant) === expected;
      }),
    );
  });

  it('without sessions keeps the type’s default hours (SPEC §9)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('forex', 'stocks', 'crypto', 'commodities', 'indices', 'metals'),
        zones,
        instants,
        (type, zone, instant) => {
          const own = instrumentSchedule({ type, exchangeZone: zone, sessions: null });
          return isMarketOpen(own, instant) === isMarketOpen(scheduleFor(type, zone), instant);
        },
      ),
    );
  });

  it('a week of sorted, disjoint intervals is valid; the schema accepts it', () => {
    fc.assert(
      fc.property(week, (sessions) => {
        expect(sessionProblems(sessions)).toEqual([]);
        expect(weeklySessionsSchema.safeParse(sessions).success).toBe(true);
      }),
    );
  });

  it('24/7 is always open and an empty week always closed', () => {
    fc.assert(
      fc.property(zones, instants, (zone, instant) => {
        const always = instrumentSchedule({
          type: 'forex',
          exchangeZone: zone,
          sessions: everyDay([['00:00', '24:00']]),
        });
        const never = instrumentSchedule({ type: 'crypto', exchangeZone: zone, sessions: closedWeek() });
        return isMarketOpen(always, instant) && !isMarketOpen(never, instant);
      }),
    );
  });

  it('opens at the start and closes at the end of an interval, in the exchange zone', () => {
    const sessions = { ...closedWeek(), wed: [['10:00', '12:30']] satisfies SessionInterval[] };
    const s = instrumentSchedule({ type: 'stocks', exchangeZone: 'Europe/Berlin', sessions });
    // 2026-11-18 is a Wednesday; Berlin is UTC+1 in November.
    expect(isMarketOpen(s, at('2026-11-18T08:59:00Z'))).toBe(false);
    expect(isMarketOpen(s, at('2026-11-18T09:00:00Z'))).toBe(true);
    expect(isMarketOpen(s, at('2026-11-18T11:29:00Z'))).toBe(true);
    expect(isMarketOpen(s, at('2026-11-18T11:30:00Z'))).toBe(false);
    expect(s.description).toContain('Wed 10:00–12:30');
    expect(s.description).toContain('(Europe/Berlin)');
  });
});

describe('session validation', () => {
  it('names the day and interval that is wrong', () => {
    const sessions: WeeklySessions = {
      ...closedWeek(),
      mon: [
        ['09:00', '12:00'],
        ['11:00', '13:00'],
      ],
      tue: [['14:00', '10:00']],
      wed: [['08:00', '24:30']],
    };
    const problems = sessionProblems(sessions);
    expect(problems).toEqual([
      { day: 'mon', index: 1, message: 'Monday: 11:00–13:00 overlaps 09:00–12:00' },
      { day: 'tue', index: 0, message: 'Tuesday: 14:00 must be before 10:00' },
      { day: 'wed', index: 0, message: 'Times must be HH:MM between 00:00 and 24:00' },
    ]);
    const parsed = weeklySessionsSchema.safeParse(sessions);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['mon.1', 'tue.0', 'wed.0']);
  });

  it('refuses a start equal to the end and touching intervals are fine', () => {
    expect(sessionProblems({ ...closedWeek(), fri: [['10:00', '10:00']] })).toHaveLength(1);
    expect(
      sessionProblems({
        ...closedWeek(),
        fri: [
          ['12:00', '24:00'],
          ['00:00', '12:00'],
        ],
      }),
    ).toEqual([]);
  });
});

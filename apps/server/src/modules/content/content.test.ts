import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../db/seed/instruments/index.ts';
import { createTestContext, type TestContext } from '../../test/testApp.ts';
import type { CalendarEventOut, NewsItemOut } from './routes.ts';
import { seedContent } from './seed.ts';
import { generateCalendarWeek } from './seedData.ts';

/** A Wednesday noon: Monday and Tuesday's releases are out, Thursday and Friday's are not. */
const NOW = new Date('2026-01-07T12:00:00Z');
const MONDAY = Date.parse('2026-01-05T00:00:00Z');
const SATURDAY = Date.parse('2026-01-10T00:00:00Z');

/** The field names of apps/web/src/api/content.ts, exactly. */
const CALENDAR_FIELDS = [
  'actual',
  'country',
  'currency',
  'forecast',
  'id',
  'importance',
  'is_demo',
  'previous',
  'time',
  'title',
];
const NEWS_FIELDS = [
  'id',
  'is_demo',
  'published_at',
  'source',
  'source_id',
  'summary',
  'symbols',
  'title',
  'url',
];

let t: TestContext;
let staff: string;
let customer: string;
let seeded: { events: number; news: number };

beforeAll(async () => {
  t = await createTestContext({}, { start: NOW });
  seeded = await seedContent(t.database.db, t.clock.now());
  staff = (await t.signIn('staff')).token;
  customer = (await t.signIn('customer')).token;
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function calendar(query = '', token = customer): Promise<CalendarEventOut[]> {
  const res = await t.app.inject({ url: `/api/v1/calendar${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CalendarEventOut[] }>().data;
}

async function news(query = '', token = customer): Promise<NewsItemOut[]> {
  const res = await t.app.inject({ url: `/api/v1/news${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: NewsItemOut[] }>().data;
}

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });

const validEvent = {
  time: '2026-01-08T15:30:00Z',
  country: 'us',
  currency: 'usd',
  title: 'Wholesale Inventories m/m',
  importance: -1,
  forecast: '0.2%',
  previous: '0.1%',
};

const validNews = {
  title: 'Dollar drifts in quiet trade',
  summary: 'Majors kept to tight ranges ahead of the payrolls report.',
  source: 'OpenBroker Markets Desk',
  published_at: '2026-01-07T11:59:00Z',
  symbols: ['EUR/USD', 'USD/JPY', 'EUR/USD'],
};

describe('content seed', () => {
  it('gives a Monday-to-Friday week of releases across 19 countries, with actual figures only for the past', async () => {
    expect(seeded.events).toBeGreaterThanOrEqual(60);
    expect(seeded.events).toBeLessThanOrEqual(100);
    const events = await calendar();
    expect(events).toHaveLength(seeded.events);
    const countries = new Set(events.map((e) => e.country));
    expect(countries.size).toBeGreaterThanOrEqual(15);
    expect(countries.size).toBe(19);
    const weekdays = new Set<number>();
    for (const e of events) {
      const at = Date.parse(e.time);
      expect(at).toBeGreaterThanOrEqual(MONDAY);
      expect(at).toBeLessThan(SATURDAY);
      weekdays.add(new Date(at).getUTCDay());
      expect([-1, 0, 1]).toContain(e.importance);
      expect(e.country).toMatch(/^[A-Z]{2}$/);
      expect(e.currency).toMatch(/^[A-Z]{3}$/);
      if (at > NOW.getTime()) expect(e.actual, e.title).toBeNull();
      else if (e.forecast !== null) expect(e.actual, e.title).not.toBeNull();
    }
    expect([...weekdays].sort()).toEqual([1, 2, 3, 4, 5]);
    for (const title of ['Non-Farm Employment Change', 'CPI Flash Estimate y/y', 'Official Bank Rate']) {
      expect(events.map((e) => e.title)).toContain(title);
    }
    expect(events.filter((e) => e.importance === 1).length).toBeGreaterThan(10);
    expect(events.filter((e) => e.importance === -1).length).toBeGreaterThan(10);
  });

  it('gives about thirty headlines from the last days, tagged with real instrument symbols', async () => {
    expect(seeded.news).toBeGreaterThanOrEqual(25);
    const items = await news();
    expect(items).toHaveLength(seeded.news);
    const symbols = new Set(buildCatalogue().map((i) => i.symbolDisplay));
    for (const n of items) {
      const at = Date.parse(n.published_at);
      expect(at).toBeLessThanOrEqual(NOW.getTime());
      expect(at).toBeGreaterThan(NOW.getTime() - 5 * 24 * 3_600_000);
      expect(n.symbols.length).toBeGreaterThan(0);
      for (const s of n.symbols) expect(symbols.has(s), s).toBe(true);
      expect(n.source).toMatch(/^OpenBroker /);
    }
  });

  it('only fills empty tables, so running it again changes nothing', async () => {
    expect(await seedContent(t.database.db, t.clock.now())).toEqual({ events: 0, news: 0 });
    expect(await calendar()).toHaveLength(seeded.events);
  });

  it('keeps local release times across daylight saving and stays inside the week', () => {
    const summer = generateCalendarWeek(new Date('2026-07-01T12:00:00Z'));
    const winter = generateCalendarWeek(NOW);
    const nfp = (rows: typeof summer) =>
      rows.find((r) => r.country === 'US' && r.title === 'Non-Farm Employment Change')?.at.toISOString();
    expect(nfp(winter)).toBe('2026-01-09T13:30:00.000Z'); // 08:30 EST
    expect(nfp(summer)).toBe('2026-07-03T12:30:00.000Z'); // 08:30 EDT
    for (const r of summer) {
      expect(r.at.getTime()).toBeGreaterThanOrEqual(Date.parse('2026-06-29T00:00:00Z'));
      expect(r.at.getTime()).toBeLessThan(Date.parse('2026-07-04T00:00:00Z'));
    }
    // The same week always gives the same figures.
    expect(generateCalendarWeek(new Date('2026-01-09T08:00:00Z')).map((r) => r.forecast)).toEqual(
      winter.map((r) => r.forecast),
    );
  });
});

describe('GET /calendar and GET /news', () => {
  it('lists calendar events soonest first with exactly the web client’s field names', async () => {
    const events = await calendar();
    for (const e of events) {
      expect(Object.keys(e).sort()).toEqual(CALENDAR_FIELDS);
      expect(new Date(e.time).toISOString()).toBe(e.time);
    }
    const times = events.map((e) => Date.parse(e.time));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('takes an optional from/to window; a date-only `to` includes that day', async () => {
    const friday = await calendar('?from=2026-01-09&to=2026-01-09');
    expect(friday.length).toBeGreaterThan(5);
    for (const e of friday) expect(e.time.slice(0, 10)).toBe('2026-01-09');
    const morning = await calendar('?from=2026-01-09T00:00:00Z&to=2026-01-09T08:00:00%2B01:00');
    expect(morning.length).toBeGreaterThan(0);
    for (const e of morning)
      expect(Date.parse(e.time)).toBeLessThanOrEqual(Date.parse('2026-01-09T07:00:00Z'));
    expect(await calendar('?from=2026-01-12')).toEqual([]);
    expect(await calendar('?to=2026-01-04')).toEqual([]);
  });

  it('lists headlines newest first with exactly the web client’s field names, up to `limit`', async () => {
    const items = await news();
    for (const n of items) expect(Object.keys(n).sort()).toEqual(NEWS_FIELDS);
    const times = items.map((n) => Date.parse(n.published_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(await news('?limit=5')).toEqual(items.slice(0, 5));
  });

  it('needs a session: 401 without one, for customers and staff alike with one', async () => {
    for (const url of ['/api/v1/calendar', '/api/v1/news']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Unauthenticated.' });
    }
    expect((await calendar('', staff)).length).toBe(seeded.events);
  });

  it('answers a bad query with 422 and a message per field', async () => {
    const cases: Array<[string, string, string]> = [
      ['/news?limit=500', 'limit', 'Limit can be at most 100'],
      ['/news?limit=0', 'limit', 'Limit must be at least 1'],
      ['/calendar?from=yesterday', 'from', 'From must be an ISO 8601 date or date and time'],
      ['/calendar?from=2026-02-30', 'from', 'From must be an ISO 8601 date or date and time'],
      ['/calendar?from=2026-01-09&to=2026-01-08', 'to', 'To must be after From'],
      ['/calendar?from=2024-01-01&to=2026-01-01', 'to', 'The window can be at most 366 days'],
    ];
    for (const [url, field, message] of cases) {
      const res = await t.app.inject({ url: `/api/v1${url}`, headers: bearer(customer) });
      expect(res.statusCode, url).toBe(422);
      const body = res.json<{ code: string; message: string; errors: Record<string, string[]> }>();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.errors[field]?.[0], url).toContain(message);
      expect(body.message).toContain(message);
    }
  });
});

describe('staff edit the calendar and the news', () => {
  it('creates, changes and deletes a calendar event', async () => {
    const created = await send('POST', '/admin/calendar', staff, validEvent);
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json<{ data: CalendarEventOut }>().data;
    expect(event).toEqual({
      id: expect.any(Number),
      time: '2026-01-08T15:30:00.000Z',
      country: 'US',
      currency: 'USD',
      title: 'Wholesale Inventories m/m',
      importance: -1,
      actual: null,
      forecast: '0.2%',
      previous: '0.1%',
      is_demo: false,
    });
    expect((await calendar()).find((e) => e.id === event.id)).toEqual(event);

    const changed = await send('PUT', `/admin/calendar/${event.id}`, staff, {
      actual: '0.4%',
      importance: 0,
      forecast: '',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toEqual({ ...event, actual: '0.4%', importance: 0, forecast: null });

    const moved = await send('PUT', `/admin/calendar/${event.id}`, staff, {
      time: '2026-01-12T10:00:00+01:00',
    });
    expect(moved.json().data.time).toBe('2026-01-12T09:00:00.000Z');
    expect((await calendar()).some((e) => e.id === event.id)).toBe(false);
    expect((await calendar('?from=2026-01-12')).map((e) => e.id)).toEqual([event.id]);

    const deleted = await send('DELETE', `/admin/calendar/${event.id}`, staff);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await calendar('?from=2026-01-12')).toEqual([]);
    expect((await send('DELETE', `/admin/calendar/${event.id}`, staff)).statusCode).toBe(404);
  });

  it('creates, changes and deletes a headline, which then leads the list', async () => {
    const created = await send('POST', '/admin/news', staff, validNews);
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json<{ data: NewsItemOut }>().data;
    expect(item).toEqual({
      id: expect.any(Number),
      title: 'Dollar drifts in quiet trade',
      summary: 'Majors kept to tight ranges ahead of the payrolls report.',
      source: 'OpenBroker Markets Desk',
      url: null,
      published_at: '2026-01-07T11:59:00.000Z',
      symbols: ['EUR/USD', 'USD/JPY'],
      is_demo: false,
      source_id: null,
    });
    expect((await news('?limit=1'))[0]).toEqual(item);

    const changed = await send('PUT', `/admin/news/${item.id}`, staff, {
      url: 'https://example.com/markets/dollar',
      symbols: ['XAU/USD'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toEqual({
      ...item,
      url: 'https://example.com/markets/dollar',
      symbols: ['XAU/USD'],
    });
    expect((await news('?limit=1'))[0]).toEqual(changed.json().data);

    expect((await send('DELETE', `/admin/news/${item.id}`, staff)).statusCode).toBe(204);
    expect((await news()).some((n) => n.id === item.id)).toBe(false);
    expect((await send('PUT', `/admin/news/${item.id}`, staff, { title: 'Gone' })).statusCode).toBe(404);
  });

  it('answers unknown ids with 404', async () => {
    for (const [method, url, body] of [
      ['PUT', '/admin/calendar/999999', { title: 'Nothing' }],
      ['DELETE', '/admin/calendar/999999', undefined],
      ['PUT', '/admin/news/999999', { title: 'Nothing' }],
      ['DELETE', '/admin/news/999999', undefined],
    ] as const) {
      const res = await send(method, url, staff, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('refuses customers with 403 and anonymous callers with 401, before looking at the body', async () => {
    const calls = [
      ['POST', '/admin/calendar', validEvent],
      ['PUT', '/admin/calendar/1', { title: 'Mine now' }],
      ['DELETE', '/admin/calendar/1', undefined],
      ['POST', '/admin/news', validNews],
      ['PUT', '/admin/news/1', { title: 'Mine now' }],
      ['DELETE', '/admin/news/1', undefined],
      ['POST', '/admin/calendar', {}],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await send(method, url, customer, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await send(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await calendar()).find((e) => e.id === 1)?.title).not.toBe('Mine now');
    expect(await calendar()).toHaveLength(seeded.events);
  });

  it('answers invalid events and headlines with 422 and a clear message per field', async () => {
    const bad = await send('POST', '/admin/calendar', staff, {
      time: 'next Tuesday',
      country: 'USA',
      currency: 'US',
      title: '  ',
      importance: 2,
      actual: 'x'.repeat(40),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Time must be an ISO 8601 date and time with a zone, e.g. 2026-01-05T13:30:00Z',
      errors: {
        time: ['Time must be an ISO 8601 date and time with a zone, e.g. 2026-01-05T13:30:00Z'],
        country: ['Country must be a two-letter code, e.g. US or EU'],
        currency: ['Currency must be a three-letter code, e.g. USD'],
        title: ['Title is required'],
        importance: ['Importance must be -1, 0 or 1'],
        actual: ['Actual can be at most 32 characters'],
      },
    });

    const missing = await send('POST', '/admin/calendar', staff, { title: 'CPI' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['country', 'currency', 'importance', 'time']);

    const nothing = await send('PUT', '/admin/calendar/1', staff, {});
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().message).toBe('Nothing to change');

    const badNews = await send('POST', '/admin/news', staff, {
      ...validNews,
      url: 'javascript:alert(1)',
      published_at: '2026-01-07',
      symbols: 'EUR/USD',
    });
    expect(badNews.statusCode).toBe(422);
    expect(badNews.json().errors).toEqual({
      url: ['URL must be an http or https address'],
      published_at: ['Published at must be an ISO 8601 date and time with a zone, e.g. 2026-01-05T13:30:00Z'],
      symbols: ['Symbols must be a list'],
    });

    const noSummary = await send('POST', '/admin/news', staff, { ...validNews, summary: '' });
    expect(noSummary.json().errors).toEqual({ summary: ['Summary is required'] });

    expect((await send('PUT', '/admin/news/abc', staff, { title: 'x' })).statusCode).toBe(422);
  });
});

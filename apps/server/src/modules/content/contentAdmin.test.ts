import type { CalendarEventOut, NewsItemOut } from '@openbroker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/testApp.ts';
import { seedContent } from './seed.ts';
import { auditRows, call, watchAdminChanges } from './testSupport.ts';

const NOW = new Date('2026-01-07T12:00:00Z');

let t: TestContext;
let staff: string;
let support: string;
let customer: string;

beforeAll(async () => {
  t = await createTestContext({}, { start: NOW });
  await seedContent(t.database.db, t.clock.now());
  staff = (await t.signIn('staff')).token;
  support = (await t.signIn('staff', undefined, ['support'])).token;
  customer = (await t.signIn('customer')).token;
});
afterAll(() => t.close());

const event = {
  time: '2026-01-08T15:30:00Z',
  country: 'US',
  currency: 'USD',
  title: 'Wholesale Inventories m/m',
  importance: -1,
  forecast: '0.2%',
};
const headline = {
  title: 'Broker desk: dollar steady',
  summary: 'Quiet session.',
  source: 'Desk',
  published_at: '2026-01-07T11:00:00Z',
};

describe('demo content', () => {
  it('marks every seeded event and headline as demo, and says so in the customer API', async () => {
    const cal = (await call(t, 'GET', '/calendar', customer)).json<{ data: CalendarEventOut[] }>().data;
    expect(cal.length).toBeGreaterThan(50);
    expect(cal.every((e) => e.is_demo)).toBe(true);
    const news = (await call(t, 'GET', '/news', customer)).json<{ data: NewsItemOut[] }>().data;
    expect(news.length).toBeGreaterThan(20);
    expect(news.every((n) => n.is_demo)).toBe(true);
  });

  it('lists for staff with paging and a demo filter', async () => {
    await call(t, 'POST', '/admin/calendar', staff, event);
    const demo = await call(t, 'GET', '/admin/calendar?demo=1&per_page=10', staff);
    expect(demo.statusCode, demo.body).toBe(200);
    const body = demo.json<{ data: CalendarEventOut[]; meta: { total: number; last_page: number } }>();
    expect(body.data).toHaveLength(10);
    expect(body.meta.last_page).toBe(Math.ceil(body.meta.total / 10));
    const real = await call(t, 'GET', '/admin/calendar?demo=0', staff);
    expect(real.json().data.map((e: CalendarEventOut) => e.title)).toEqual([event.title]);
    const sorted = await call(t, 'GET', '/admin/calendar?sort=-time&from=2026-01-08&to=2026-01-08', staff);
    const times = sorted.json().data.map((e: CalendarEventOut) => e.time);
    expect(times).toEqual([...times].sort().reverse());
    for (const time of times) expect(time.slice(0, 10)).toBe('2026-01-08');
    expect((await call(t, 'GET', '/admin/calendar?sort=secret', staff)).statusCode).toBe(422);
  });

  it('"Remove demo content" deletes the demo rows of one kind only, audited, and they never come back', async () => {
    const watch = watchAdminChanges(t);
    const res = await call(t, 'POST', '/admin/calendar/remove-demo', staff);
    watch.stop();
    expect(res.statusCode, res.body).toBe(200);
    const removed = res.json<{ data: { removed: number } }>().data.removed;
    expect(removed).toBeGreaterThan(50);
    expect(watch.scopes).toContain('content');
    const cal = (await call(t, 'GET', '/calendar', customer)).json<{ data: CalendarEventOut[] }>().data;
    expect(cal.map((e) => e.title)).toEqual([event.title]);
    const news = (await call(t, 'GET', '/news', customer)).json<{ data: NewsItemOut[] }>().data;
    expect(news.every((n) => n.is_demo)).toBe(true);
    const [row] = await auditRows(t, 'calendar.demo_remove');
    expect(row?.after).toEqual({ removed });
    // The next start does not seed the removed week again (nor the news, which has its rows).
    expect(await seedContent(t.database.db, t.clock.now())).toEqual({ events: 0, news: 0 });

    const again = await call(t, 'POST', '/admin/news/remove-demo', staff);
    expect(again.json().data.removed).toBe(news.length);
    expect((await call(t, 'GET', '/news', customer)).json().data).toEqual([]);
    expect(await seedContent(t.database.db, t.clock.now())).toEqual({ events: 0, news: 0 });
  });
});

describe('content writes are audited and refresh staff screens', () => {
  it('records calendar create, update (changed fields only) and delete', async () => {
    const watch = watchAdminChanges(t);
    const created = await call(t, 'POST', '/admin/calendar', staff, { ...event, title: 'Audit me' });
    const id = created.json<{ data: CalendarEventOut }>().data.id;
    await call(t, 'PUT', `/admin/calendar/${id}`, staff, { actual: '0.4%', title: 'Audit me' });
    await call(t, 'DELETE', `/admin/calendar/${id}`, staff);
    watch.stop();
    expect(watch.scopes.filter((s) => s === 'content')).toHaveLength(3);
    const [create] = await auditRows(t, 'calendar.create');
    expect(create).toMatchObject({ objectType: 'calendar_event', objectId: String(id) });
    expect(create?.after).toMatchObject({ title: 'Audit me', is_demo: false });
    const [update] = await auditRows(t, 'calendar.update');
    expect(update?.before).toEqual({ actual: null });
    expect(update?.after).toEqual({ actual: '0.4%' });
    const [del] = await auditRows(t, 'calendar.delete');
    expect(del?.before).toMatchObject({ id, title: 'Audit me', actual: '0.4%' });
  });

  it('records news create, update and delete', async () => {
    const created = await call(t, 'POST', '/admin/news', staff, headline);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: NewsItemOut }>().data.id;
    await call(t, 'PUT', `/admin/news/${id}`, staff, { title: 'Broker desk: dollar firmer' });
    await call(t, 'DELETE', `/admin/news/${id}`, staff);
    expect((await auditRows(t, 'news.create'))[0]?.after).toMatchObject({ title: headline.title });
    const [update] = await auditRows(t, 'news.update');
    expect(update?.before).toEqual({ title: headline.title });
    expect(update?.after).toEqual({ title: 'Broker desk: dollar firmer' });
    expect((await auditRows(t, 'news.delete'))[0]?.objectId).toBe(String(id));
  });

  it('lists headlines by source for staff, with the source names for the filter', async () => {
    await call(t, 'POST', '/admin/news', staff, { ...headline, source: 'Alpha' });
    await call(t, 'POST', '/admin/news', staff, { ...headline, source: 'Beta' });
    const names = (await call(t, 'GET', '/admin/news/source-names', staff)).json().data;
    expect(names).toEqual(expect.arrayContaining(['Alpha', 'Beta']));
    const alpha = (await call(t, 'GET', '/admin/news?source=Alpha', staff)).json();
    expect(alpha.data.map((n: NewsItemOut) => n.source)).toEqual(['Alpha']);
    expect(alpha.meta.total).toBe(1);
  });
});

describe('content permissions', () => {
  const calls = [
    ['GET', '/admin/calendar'],
    ['POST', '/admin/calendar/remove-demo'],
    ['GET', '/admin/news'],
    ['GET', '/admin/news/source-names'],
    ['POST', '/admin/news/remove-demo'],
    ['POST', '/admin/calendar'],
    ['PUT', '/admin/news/1'],
    ['GET', '/admin/news-sources'],
    ['POST', '/admin/news-sources'],
    ['PATCH', '/admin/news-sources/1'],
    ['DELETE', '/admin/news-sources/1'],
    ['POST', '/admin/news-sources/1/fetch'],
    ['POST', '/admin/calendar/import'],
  ] as const;

  it('refuses customers and staff without content.write with 403, anonymous callers with 401', async () => {
    for (const [method, url] of calls) {
      expect((await call(t, method, url, customer, {})).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(t, method, url, support, {})).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(t, method, url, null, {})).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

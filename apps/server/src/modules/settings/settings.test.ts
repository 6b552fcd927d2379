import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { auditLog, siteSettings } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/testApp.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const SPEC_FIELDS = [
  'name',
  'status',
  'maintenanceMessage',
  'contactEmail',
  'website_url',
  'logo',
  'logo_sm',
  'favicon',
  'r_page',
  'header_link',
  'footer_link',
  'terms_link',
  'privacy_link',
  'risk_link',
  'help_link',
];

describe('site settings', () => {
  it('GET /settings returns every SPEC field to anyone, and no staff-only field', async () => {
    const res = await t.app.inject('/api/v1/settings');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual([...SPEC_FIELDS].sort());
    expect(data).toMatchObject({ name: 'OpenBroker', status: 'active', r_page: 'basic' });
  });

  it('refuses changes without a session (401) and from a customer (403), changing nothing', async () => {
    const anon = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/settings',
      payload: { status: 'disabled' },
    });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const { token } = await t.signIn('customer');
    const customer = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/settings',
      headers: { authorization: `Bearer ${token}` },
      payload: { status: 'nonsense' },
    });
    expect(customer.statusCode).toBe(403);
    expect((await t.app.inject('/api/v1/settings')).json().data.status).toBe('active');
  });

  it('lets staff put the site into maintenance with a message', async () => {
    const { token } = await t.signIn('staff');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/settings',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        status: 'disabled',
        maintenanceMessage: 'Back at 10:00 UTC',
        contactEmail: 'help@broker.test',
      },
    });
    expect(res.statusCode).toBe(200);
    const pub = (await t.app.inject('/api/v1/settings')).json().data;
    expect(pub).toMatchObject({
      status: 'disabled',
      maintenanceMessage: 'Back at 10:00 UTC',
      contactEmail: 'help@broker.test',
    });
  });

  it('validates a staff change field by field', async () => {
    const { token } = await t.signIn('staff');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/settings',
      headers: { authorization: `Bearer ${token}` },
      payload: { status: 'sideways', contactEmail: 'not-an-email', unknown_field: 1 },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(['status', 'contactEmail']));
  });

  it('refuses a cookie-authenticated change from another site', async () => {
    const { cookie } = await t.signIn('staff');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/settings',
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { status: 'active' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CROSS_ORIGIN');
  });
});

describe('staff site settings', () => {
  const patch = (token: string, payload: object) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/settings',
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
  const lastAudit = async () =>
    (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

  it('shows staff the staff-only fields: auto-approve, every category leverage, the threshold in USD', async () => {
    const { token } = await t.signIn('staff');
    const res = await t.app.inject({
      url: '/api/v1/admin/settings',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      auto_approve: false,
      category_leverage: {
        cryptos: 100,
        stocks: 100,
        indices: 100,
        commodities: 100,
        metals: 100,
        forex: 100,
      },
      // The test context lifts four eyes to 10^15 cents.
      four_eyes_threshold: 1e13,
    });
  });

  it('refuses support staff (403) on reading and changing settings', async () => {
    const { token } = await t.signIn('staff', undefined, ['support']);
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url: '/api/v1/admin/settings', headers })).statusCode).toBe(403);
    const res = await patch(token, { name: 'Hijacked' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await t.app.inject('/api/v1/settings')).json().data.name).not.toBe('Hijacked');
  });

  it('validates names, links, e-mail, registration page, leverage and threshold with field errors', async () => {
    const { token } = await t.signIn('staff');
    const res = await patch(token, {
      name: 'x'.repeat(81),
      website_url: 'javascript:alert(1)',
      terms_link: 'ftp://example.com/terms',
      help_link: 'not a url',
      contactEmail: 'nope',
      r_page: 'fancy',
      category_leverage: { forex: 0, cryptos: 1001, stocks: 1.5 },
      four_eyes_threshold: -1,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(
      [
        'category_leverage.cryptos',
        'category_leverage.forex',
        'category_leverage.stocks',
        'contactEmail',
        'four_eyes_threshold',
        'help_link',
        'name',
        'r_page',
        'terms_link',
        'website_url',
      ].sort(),
    );
    expect((await patch(token, { name: '   ' })).json().errors.name).toEqual(['Enter the site name']);
    expect((await patch(token, { category_leverage: { gold: 10 } })).statusCode).toBe(422);
    expect((await patch(token, { four_eyes_threshold: 10.005 })).statusCode).toBe(422);
  });

  it('audits a change with before and after of the changed fields only, and applies it at once', async () => {
    const { token } = await t.signIn('staff');
    const before = (await t.app.inject('/api/v1/settings')).json().data;
    const res = await patch(token, {
      name: 'Acme Markets',
      status: before.status,
      terms_link: 'https://acme.example/terms',
      r_page: 'td',
      auto_approve: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await lastAudit();
    expect(row).toMatchObject({
      action: 'settings.update',
      objectType: 'settings',
      before: {
        name: before.name,
        terms_link: before.terms_link,
        r_page: before.r_page,
        auto_approve: false,
      },
      after: {
        name: 'Acme Markets',
        terms_link: 'https://acme.example/terms',
        r_page: 'td',
        auto_approve: true,
      },
    });
    // The status was sent unchanged, so it is not in the record.
    expect(Object.keys(row?.after as object)).not.toContain('status');
    // Public settings (what the login page reads at load) show it on the next request.
    const pub = await t.app.inject('/api/v1/settings');
    expect(pub.json().data).toMatchObject({ name: 'Acme Markets', r_page: 'td' });
    expect(pub.headers['cache-control']).toBe('no-cache');
    // Saving the same values again changes nothing and records nothing.
    const count = (await t.database.db.select().from(auditLog)).length;
    expect((await patch(token, { name: 'Acme Markets' })).statusCode).toBe(200);
    expect((await t.database.db.select().from(auditLog)).length).toBe(count);
  });

  it('sets category leverage (empty = not set) and the four-eyes threshold; site data and the bus follow', async () => {
    const { token } = await t.signIn('staff');
    const events: string[] = [];
    const offs = [
      t.app.bus.subscribe('settings.updated', () => events.push('settings.updated')),
      t.app.bus.subscribe('admin.changed', (c) => events.push(`admin.changed:${c.scope}`)),
    ];
    // Warm the cache first, so the test shows it is dropped rather than never filled.
    expect((await t.app.inject('/api/v1/data')).json().data.leverage.forex).toBe(100);
    const res = await patch(token, {
      category_leverage: { forex: null, cryptos: 50 },
      four_eyes_threshold: 1500.5,
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const off of offs) off();
    expect(res.json().data).toMatchObject({
      category_leverage: { forex: null, cryptos: 50, stocks: 100 },
      four_eyes_threshold: 1500.5,
    });
    expect(events).toEqual(['settings.updated', 'admin.changed:settings']);
    const leverage = (await t.app.inject('/api/v1/data')).json().data.leverage;
    expect(leverage).toMatchObject({ cryptos: 50, stocks: 100 });
    expect(leverage).not.toHaveProperty('forex');
    const [stored] = await t.database.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    expect(stored?.fourEyesThresholdCents).toBe(150050n);
    expect(await lastAudit()).toMatchObject({
      before: {
        four_eyes_threshold: 1e13,
        category_leverage: expect.objectContaining({ forex: 100, cryptos: 100 }),
      },
      after: {
        four_eyes_threshold: 1500.5,
        category_leverage: expect.objectContaining({ forex: null, cryptos: 50 }),
      },
    });
  });
});

describe('a change on one node', () => {
  it('reaches another node’s cached settings through the bus', async () => {
    // A second API node on the same database and bus (Redis in production).
    const other = await buildApp({
      config: loadConfig({ WEB_DIST_DIR: '/nonexistent', ROLES: 'api' }),
      database: t.database,
      clock: t.clock,
      bus: t.app.bus,
    });
    try {
      await other.ready();
      const name = async () => (await other.inject('/api/v1/settings')).json().data.name;
      const first = await name();
      const { token } = await t.signIn('staff');
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/admin/settings',
        headers: { authorization: `Bearer ${token}` },
        payload: { name: `${first} Global` },
      });
      expect(res.statusCode).toBe(200);
      expect(await name()).toBe(`${first} Global`);
    } finally {
      await other.close();
    }
  });
});

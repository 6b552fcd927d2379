import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

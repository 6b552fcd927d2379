import { permissionsOf } from '@openbroker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/testApp.ts';

/**
 * DESIGN §12, over every staff route the OpenAPI document lists (so a route added later is covered
 * without touching this test): customers get 403 everywhere, and a role gets 403 wherever its
 * permissions do not reach.
 */
let t: TestContext;
let routes: { method: string; url: string }[];
const PERMISSION_REFUSAL = /^Your staff role does not allow this \(it needs ([a-z]+\.[a-z_]+)\)\.$/;

beforeAll(async () => {
  t = await createTestContext();
  const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(doc.paths)
    .filter(([path]) => /^(\/api\/v1)?\/admin\//.test(path))
    .flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => ({
          method: m.toUpperCase(),
          url: `/api/v1${path.replace(/^\/api\/v1/, '').replace(/\{[^}]+\}/g, '1')}`,
        })),
    );
});
afterAll(() => t.close());

const send = (token: string, r: { method: string; url: string }) =>
  t.app.inject({
    method: r.method as 'GET',
    url: r.url,
    headers: { authorization: `Bearer ${token}` },
    ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
  });

describe('who may call the back office', () => {
  it('finds the staff routes in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes).toContainEqual({ method: 'POST', url: '/api/v1/admin/accounts/1/adjustments' });
  });

  it('refuses a customer on every /admin route with 403', async () => {
    const { token } = await t.signIn('customer');
    for (const r of routes) {
      const res = await send(token, r);
      expect({ route: `${r.method} ${r.url}`, status: res.statusCode }).toEqual({
        route: `${r.method} ${r.url}`,
        status: 403,
      });
    }
  });

  it('refuses no session with 401', async () => {
    for (const r of routes.slice(0, 10)) {
      const res = await t.app.inject({ method: r.method as 'GET', url: r.url });
      expect(res.statusCode).toBe(401);
    }
  });

  for (const role of ['support', 'finance', 'compliance'] as const) {
    it(`refuses ${role} exactly where its permissions do not reach`, async () => {
      const { token } = await t.signIn('staff', `${role}-access@example.test`, [role]);
      const granted = new Set<string>(permissionsOf([role]));
      for (const r of routes) {
        const res = await send(token, r);
        if (res.statusCode !== 403) continue;
        const needed = PERMISSION_REFUSAL.exec(res.json().message)?.[1];
        // Every refusal names the permission it needs, and it is one this role lacks.
        expect({
          route: `${r.method} ${r.url}`,
          needed,
          granted: needed ? granted.has(needed) : null,
        }).toEqual({
          route: `${r.method} ${r.url}`,
          needed: expect.any(String),
          granted: false,
        });
      }
    });
  }

  it('refuses support on every money and settings call', async () => {
    const { token } = await t.signIn('staff', 'support-money@example.test', ['support']);
    const moneyOrSettings = routes.filter((r) => /\/admin\/(accounts|approvals|settings)(\/|$)/.test(r.url));
    expect(moneyOrSettings.length).toBeGreaterThanOrEqual(5);
    for (const r of moneyOrSettings) {
      const res = await send(token, r);
      expect({ route: `${r.method} ${r.url}`, status: res.statusCode }).toEqual({
        route: `${r.method} ${r.url}`,
        status: 403,
      });
      expect(res.json().message).toMatch(/needs (money|settings)\./);
    }
  });
});

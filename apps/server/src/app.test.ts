import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from './db/migrate.ts';
import { createTestContext, type TestContext } from './test/testApp.ts';
import { TEST_ENGINE } from './test/testDatabase.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('the app shell', () => {
  it('reports health with the engine it runs on', async () => {
    const res = await t.app.inject('/api/v1/health');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ok', database: TEST_ENGINE });
  });

  it('answers an unknown API call with a JSON 404 in the house shape', async () => {
    const res = await t.app.inject('/api/v1/no/such/thing?x=1');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No such call: GET /api/v1/no/such/thing', code: 'NOT_FOUND' });
  });

  it('turns malformed JSON into a 400 with a message, never a stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
    expect(res.body).not.toMatch(/at \w+ \(/);
  });

  it('rejects an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('publishes an OpenAPI document generated from the zod schemas', async () => {
    const res = await t.app.inject('/api/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/health', '/settings', '/auth/login']));
    expect(
      doc.paths['/settings'].get.responses['200'].content['application/json'].schema.properties.data.required,
    ).toContain('maintenanceMessage');
  });

  it('sets protective headers on every response', async () => {
    const res = await t.app.inject('/api/v1/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('applies migrations idempotently (a second start reuses the data)', async () => {
    await expect(runMigrations(t.database)).resolves.toBeUndefined();
  });
});

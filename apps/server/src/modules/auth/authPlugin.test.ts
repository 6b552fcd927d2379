import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/testApp.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'http://localhost:8080' });
});
afterAll(() => t.close());

describe('the same-origin check on cookie-authenticated writes', () => {
  const patch = (headers: Record<string, string>) =>
    t.app.inject({ method: 'PATCH', url: '/api/v1/admin/settings', headers, payload: { status: 'active' } });

  it.each([
    ['Origin: null (sandboxed frame, file://)', { origin: 'null' }],
    ['Origin: null with Sec-Fetch-Site: cross-site', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
    ['an Origin that is not a URL', { origin: 'not a url' }],
    ['another site', { origin: 'https://evil.example' }],
  ])('%s is a 403 CROSS_ORIGIN with its message, not a 500', async (_name, headers) => {
    const { cookie } = await t.signIn('staff');
    const res = await patch({ cookie, ...headers });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({
      message: 'This request must come from the site itself.',
      code: 'CROSS_ORIGIN',
    });
  });

  it('lets our own origin, and a bearer token with Origin: null, through', async () => {
    const { cookie, token } = await t.signIn('staff');
    expect((await patch({ cookie, origin: 'http://localhost:8080' })).statusCode).toBe(200);
    expect((await patch({ authorization: `Bearer ${token}`, origin: 'null' })).statusCode).toBe(200);
  });
});

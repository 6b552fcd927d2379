import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, sessionCookie, type TestContext } from '../../test/testApp.ts';
import { THROTTLE_LIMITS, THROTTLE_WINDOW_MS } from './throttle.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const login = (email: string, password: string, ip = '203.0.113.7') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });

describe('sessions', () => {
  it('sets an HttpOnly SameSite=Strict cookie holding a ≥128-bit token, and the token works as a bearer', async () => {
    await t.signIn('customer', 'cookie@example.test');
    const res = await login('cookie@example.test', 'correct horse battery');
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    const token: string = res.json().data.token;
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    const me = await t.app.inject({ url: '/api/v1/user', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().data.email).toBe('cookie@example.test');
    const viaCookie = await t.app.inject({ url: '/api/v1/user', headers: { cookie: sessionCookie(res) } });
    expect(viaCookie.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    await t.signIn('customer', 'same@example.test');
    const wrong = await login('same@example.test', 'not the password', '198.51.100.1');
    const unknown = await login('nobody@example.test', 'not the password', '198.51.100.1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('GET /user without a session is 401; the user carries no hash or token of anyone', async () => {
    expect((await t.app.inject('/api/v1/user')).statusCode).toBe(401);
    const { token } = await t.signIn('customer');
    const res = await t.app.inject({ url: '/api/v1/user', headers: { authorization: `Bearer ${token}` } });
    const user = res.json().data;
    expect(Object.keys(user)).toEqual(
      expect.arrayContaining([
        'accounts',
        'account_type',
        'autotrader',
        'eas',
        'notifications',
        'status',
        'balance',
        'credit_balance',
        'unread_count',
        'is_online',
      ]),
    );
    expect(res.body).not.toMatch(/argon2|password|token/i);
  });

  it('logout revokes the token', async () => {
    const { token } = await t.signIn('customer');
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url: '/api/v1/user', headers })).statusCode).toBe(401);
  });

  it('heartbeat marks the user online until it goes quiet', async () => {
    const { token } = await t.signIn('customer');
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url: '/api/v1/user', headers })).json().data.is_online).toBe(false);
    await t.app.inject({ method: 'POST', url: '/api/v1/user/heartbeat', headers });
    expect((await t.app.inject({ url: '/api/v1/user', headers })).json().data.is_online).toBe(true);
    t.clock.advance(3 * 60 * 1000);
    expect((await t.app.inject({ url: '/api/v1/user', headers })).json().data.is_online).toBe(false);
  });

  it('throttles repeated failures per account with a clear 429, then lets the owner back in after the window', async () => {
    await t.signIn('customer', 'target@example.test');
    for (let i = 0; i < THROTTLE_LIMITS.account; i++) {
      expect((await login('target@example.test', 'guess', `192.0.2.${i + 1}`)).statusCode).toBe(401);
    }
    const blocked = await login('target@example.test', 'correct horse battery', '192.0.2.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(
      /^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/,
    );
    expect(blocked.headers['retry-after']).toBeDefined();
    t.clock.advance(THROTTLE_WINDOW_MS + 1000);
    expect((await login('target@example.test', 'correct horse battery', '192.0.2.99')).statusCode).toBe(200);
  });

  it('throttles one address trying many accounts', async () => {
    for (let i = 0; i < THROTTLE_LIMITS.address; i++)
      await login(`spray${i}@example.test`, 'guess', '192.0.2.200');
    const res = await login('another@example.test', 'guess', '192.0.2.200');
    expect(res.statusCode).toBe(429);
  });
});

describe('staff guard', () => {
  it('a customer token cannot reach staff calls (403)', async () => {
    const { token } = await t.signIn('customer');
    const headers = { authorization: `Bearer ${token}` };
    const calls = [
      t.app.inject({ method: 'PATCH', url: '/api/v1/admin/users/1', headers, payload: { status: 'active' } }),
      t.app.inject({ method: 'GET', url: '/api/v1/admin/outbox', headers }),
      t.app.inject({ method: 'POST', url: '/api/v1/admin/users/1/auto-login-link', headers }),
      t.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });

  it('staff approve a pending customer and deactivation signs them out everywhere', async () => {
    const staff = await t.signIn('staff');
    const customer = await t.signIn('customer');
    const me = await t.app.inject({
      url: '/api/v1/user',
      headers: { authorization: `Bearer ${customer.token}` },
    });
    const id = me.json().data.id;
    const patch = (status: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/users/${id}`,
        headers: { authorization: `Bearer ${staff.token}` },
        payload: { status },
      });
    expect((await patch('pending')).json().data.status).toBe('pending');
    expect((await patch('active')).json().data.status).toBe('active');
    expect((await patch('deactivated')).statusCode).toBe(200);
    const after = await t.app.inject({
      url: '/api/v1/user',
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(after.statusCode).toBe(401);
    expect((await patch('sideways')).statusCode).toBe(422);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/users/999999',
      headers: { authorization: `Bearer ${staff.token}` },
      payload: { status: 'active' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('20 concurrent approvals of one pending customer change the status once and notify once', async () => {
    const staff = await t.signIn('staff');
    const customer = await t.signIn('customer');
    const me = await t.app.inject({
      url: '/api/v1/user',
      headers: { authorization: `Bearer ${customer.token}` },
    });
    const id = me.json().data.id;
    const patch = (status: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/users/${id}`,
        headers: { authorization: `Bearer ${staff.token}` },
        payload: { status },
      });
    expect((await patch('pending')).statusCode).toBe(200);
    const heard: number[] = [];
    const stop = t.app.bus.subscribe('notification.created', (e) => {
      if (e.userId === id) heard.push(e.notification.id);
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => patch('active')));
    stop();
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((r) => r.json().data.status))).toEqual(new Set(['active']));
    const list = await t.app.inject({
      url: '/api/v1/notifications',
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(list.json().data.filter((n: { title: string }) => n.title === 'Account approved')).toHaveLength(1);
    expect(heard).toHaveLength(1);
    // A move the table does not allow is refused and changes nothing.
    expect((await patch('deactivated')).statusCode).toBe(200);
    const refused = await patch('pending');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A customer who is deactivated cannot be made pending.');
  });
});

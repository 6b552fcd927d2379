import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { createTestContext, sessionCookie, type TestContext } from '../../test/testApp.ts';

const PASSWORD = 'correct horse battery';
const APP_SECRET = 'test-app-secret-that-is-long-enough-000';
let t: TestContext;

beforeEach(async () => {
  t = await createTestContext({ APP_SECRET });
});
afterEach(async () => {
  await t.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const codeAt = (secret: string, at: Date) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });

async function post(token: string, url: string, payload?: object) {
  return t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: bearer(token), payload });
}

async function enable2fa(token: string): Promise<{ secret: string; codes: string[] }> {
  const setup = await post(token, '/security/2fa/setup');
  expect(setup.statusCode).toBe(200);
  const { secret, otpauth_url } = setup.json<{ data: { secret: string; otpauth_url: string } }>().data;
  expect(otpauth_url).toMatch(/^otpauth:\/\/totp\//);
  const enabled = await post(token, '/security/2fa/enable', { code: codeAt(secret, t.clock.now()) });
  expect(enabled.statusCode).toBe(200);
  const codes = enabled.json<{ data: { recovery_codes: string[] } }>().data.recovery_codes;
  expect(codes).toHaveLength(10);
  return { secret, codes };
}

async function login(email: string, password = PASSWORD) {
  return t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
}

describe('password change', () => {
  it('needs the current password, ends other sessions and keeps this one', async () => {
    const email = 'pw@example.test';
    const first = await t.signIn('customer', email);
    const other = (await login(email)).json<{ data: { token: string } }>().data.token;

    const wrong = await post(first.token, '/security/password', {
      current_password: 'not it at all',
      password: 'new password 123',
      confirm_password: 'new password 123',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      errors: { current_password: ['The current password is incorrect.'] },
    });

    const mismatch = await post(first.token, '/security/password', {
      current_password: PASSWORD,
      password: 'new password 123',
      confirm_password: 'something else',
    });
    expect(mismatch.json()).toMatchObject({ errors: { confirm_password: ['Passwords do not match'] } });

    const ok = await post(first.token, '/security/password', {
      current_password: PASSWORD,
      password: 'new password 123',
      confirm_password: 'new password 123',
    });
    expect(ok.statusCode).toBe(200);
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/security/sessions', headers: bearer(token) });
    expect((await me(first.token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(email)).statusCode).toBe(401);
    expect((await login(email, 'new password 123')).statusCode).toBe(200);
    const notes = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications',
      headers: bearer(first.token),
    });
    expect(notes.body).toContain('Password changed');
  });
});

describe('two-factor sign-in', () => {
  it('asks for a code, accepts a valid one once, refuses replayed and wrong ones', async () => {
    const email = 'totp@example.test';
    const { token } = await t.signIn('customer', email);
    const { secret } = await enable2fa(token);

    const first = await login(email);
    expect(first.statusCode).toBe(200);
    const answer = first.json<{ data: { two_factor_required: boolean; challenge: string } }>().data;
    expect(answer.two_factor_required).toBe(true);
    expect(first.cookies.find((c) => c.name === 'ob_session')).toBeUndefined();

    const second = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login/2fa',
        payload: { challenge: answer.challenge, ...body },
      });

    // The code used to enable is this step's code: replayed, refused.
    const replayed = await second({ code: codeAt(secret, t.clock.now()) });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json<{ message: string }>().message).toBe(
      'That code has already been used. Wait for the next code and try again.',
    );
    const wrong = await second({ code: '000000' === codeAt(secret, t.clock.now()) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(422);

    t.clock.advance(30_000);
    const valid = await second({ code: codeAt(secret, t.clock.now()) });
    expect(valid.statusCode).toBe(200);
    expect(sessionCookie(valid)).toMatch(/^ob_session=/);
    expect((await second({ code: codeAt(secret, t.clock.now()) })).statusCode).toBe(422);
  });

  it('takes a recovery code once, and refuses a forged or expired challenge', async () => {
    const email = 'rc@example.test';
    const { token } = await t.signIn('customer', email);
    const { codes } = await enable2fa(token);
    const challenge = (await login(email)).json<{ data: { challenge: string } }>().data.challenge;
    const second = (body: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/login/2fa', payload: body });

    expect((await second({ challenge, recovery_code: codes[0]?.toUpperCase() })).statusCode).toBe(200);
    expect((await second({ challenge, recovery_code: codes[0] })).statusCode).toBe(422);
    expect((await second({ challenge: `${challenge}x`, recovery_code: codes[1] })).statusCode).toBe(401);
    t.clock.advance(5 * 60_000 + 1);
    expect((await second({ challenge, recovery_code: codes[1] })).statusCode).toBe(401);
    const status = await t.app.inject({ method: 'GET', url: '/api/v1/security/2fa', headers: bearer(token) });
    expect(status.json()).toMatchObject({ data: { enabled: true, recovery_codes_left: 9 } });
  });

  it('counts wrong codes towards the sign-in throttle', async () => {
    const email = 'guess@example.test';
    const { token } = await t.signIn('customer', email);
    const { secret } = await enable2fa(token);
    const challenge = (await login(email)).json<{ data: { challenge: string } }>().data.challenge;
    t.clock.advance(30_000);
    const good = codeAt(secret, t.clock.now());
    const bad = good === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login/2fa',
        payload: { challenge, code: bad },
      });
      statuses.push(res.statusCode);
    }
    // The password step took one of the five tries; the code guesses use up the rest.
    expect(statuses).toEqual([422, 422, 422, 422, 429, 429]);
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/2fa',
      payload: { challenge, code: good },
    });
    expect(locked.statusCode).toBe(429);
  });

  it('disables with password and code', async () => {
    const email = 'off@example.test';
    const { token } = await t.signIn('customer', email);
    const { secret } = await enable2fa(token);
    t.clock.advance(30_000);
    const bad = await post(token, '/security/2fa/disable', {
      password: 'nope nope',
      code: codeAt(secret, t.clock.now()),
    });
    expect(bad.json()).toMatchObject({ errors: { password: ['The current password is incorrect.'] } });
    const ok = await post(token, '/security/2fa/disable', {
      password: PASSWORD,
      code: codeAt(secret, t.clock.now()),
    });
    expect(ok.statusCode).toBe(200);
    expect((await login(email)).json()).toMatchObject({ data: { token: expect.any(String) } });
  });

  it('staff reset: clients.manage only, audited, sessions end', async () => {
    const email = 'reset@example.test';
    const customer = await t.signIn('customer', email);
    await enable2fa(customer.token);
    const { id } = (
      await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(customer.token) })
    ).json<{ data: { id: number } }>().data;
    const support = await t.signIn('staff', undefined, ['support']);
    expect((await post(support.token, `/admin/clients/${id}/2fa/reset`, {})).statusCode).toBe(403);
    expect((await post(customer.token, `/admin/clients/${id}/2fa/reset`, {})).statusCode).toBe(403);
    const compliance = await t.signIn('staff', undefined, ['compliance']);
    const reset = await post(compliance.token, `/admin/clients/${id}/2fa/reset`, { reason: 'Lost phone' });
    expect(reset.statusCode).toBe(200);
    const rows = await t.database.db.select().from(auditLog);
    expect(rows.find((r) => r.action === 'security.2fa_reset')).toMatchObject({
      objectId: String(id),
      reason: 'Lost phone',
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(customer.token) }))
        .statusCode,
    ).toBe(401);
    expect((await login(email)).json()).toMatchObject({ data: { token: expect.any(String) } });
  });
});

describe('sessions and preferences', () => {
  it('lists sessions with the device, signs out one and all others', async () => {
    const email = 'sess@example.test';
    const mine = await t.signIn('customer', email);
    const ua =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    const open = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          headers: { 'user-agent': ua },
          payload: { email, password: PASSWORD },
        })
      ).json<{ data: { token: string } }>().data.token;
    const a = await open();
    const b = await open();
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/security/sessions',
      headers: bearer(mine.token),
    });
    const sessions = list.json<{ data: { id: number; device: string; current: boolean }[] }>().data;
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.filter((s) => s.device === 'Chrome on Windows')).toHaveLength(2);

    const aId = (await t.app.inject({ method: 'GET', url: '/api/v1/security/sessions', headers: bearer(a) }))
      .json<{ data: { id: number; current: boolean }[] }>()
      .data.find((s) => s.current)?.id;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/security/sessions/${aId}`,
      headers: bearer(mine.token),
    });
    expect(del.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(a) })).statusCode).toBe(
      401,
    );
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/security/sessions/${aId}`,
      headers: bearer(mine.token),
    });
    expect(again.statusCode).toBe(404);

    const others = await post(mine.token, '/security/sessions/revoke-others');
    expect(others.json()).toEqual({ data: { revoked: 1 } });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(b) })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(mine.token) })).statusCode,
    ).toBe(200);
  });

  it('another user cannot end my session', async () => {
    const me = await t.signIn('customer');
    const them = await t.signIn('customer');
    const myId = (
      await t.app.inject({ method: 'GET', url: '/api/v1/security/sessions', headers: bearer(me.token) })
    ).json<{ data: { id: number }[] }>().data[0]?.id;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/security/sessions/${myId}`,
      headers: bearer(them.token),
    });
    expect(res.statusCode).toBe(404);
  });

  it('validates and stores preferences', async () => {
    const { token } = await t.signIn('customer');
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/security/preferences', headers: bearer(token), payload });
    const get = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/security/preferences', headers: bearer(token) });
    // No display currency until one is chosen: amounts show in their own account's currency.
    expect((await get()).json()).toMatchObject({ data: { display_currency: null } });
    expect((await put({ time_zone: 'Mars/Olympus' })).statusCode).toBe(422);
    expect((await put({ display_currency: 'euro' })).statusCode).toBe(422);
    const ok = await put({ time_zone: 'Europe/Berlin', sounds: false, display_currency: 'EUR' });
    expect(ok.statusCode).toBe(200);
    expect((await get()).json()).toMatchObject({
      data: { time_zone: 'Europe/Berlin', sounds: false, display_currency: 'EUR', language: 'en' },
    });
    // Clearing the choice keeps the rest.
    expect((await put({ display_currency: null })).statusCode).toBe(200);
    expect((await get()).json()).toMatchObject({
      data: { time_zone: 'Europe/Berlin', sounds: false, display_currency: null },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/security/preferences' })).statusCode).toBe(401);
  });
});

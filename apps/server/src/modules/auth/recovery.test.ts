import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/testApp.ts';
import { RESET_REQUESTED_MESSAGE } from './recovery.ts';

let t: TestContext;
let staffToken: string;
beforeAll(async () => {
  t = await createTestContext();
  staffToken = (await t.signIn('staff')).token;
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });

async function lastMailTo(email: string): Promise<{ body: string } | undefined> {
  const res = await t.app.inject({
    url: '/api/v1/admin/outbox',
    headers: { authorization: `Bearer ${staffToken}` },
  });
  return res.json().data.find((m: { to: string }) => m.to === email);
}

describe('password reset', () => {
  it('answers the same for a known and an unknown email, and mails a link only to the known one', async () => {
    await t.signIn('customer', 'forgetful@example.test');
    const known = await post('/auth/forgot-password', { email: 'forgetful@example.test' });
    const unknown = await post('/auth/forgot-password', { email: 'ghost@example.test' });
    expect(known.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect(unknown.json()).toEqual(known.json());
    expect(await lastMailTo('ghost@example.test')).toBeUndefined();
    expect((await lastMailTo('forgetful@example.test'))?.body).toMatch(/\/forgot-password\?token=[\w-]{43}/);
  });

  it('sets the new password once and ends every session', async () => {
    const { token: oldSession } = await t.signIn('customer', 'reset-me@example.test');
    await post('/auth/forgot-password', { email: 'reset-me@example.test' });
    const link = (await lastMailTo('reset-me@example.test'))?.body ?? '';
    const token = /token=([\w-]+)/.exec(link)?.[1] ?? '';
    const res = await post('/auth/reset-password', {
      token,
      password: 'brand-new-pass',
      confirm_password: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/v1/user', headers: { authorization: `Bearer ${oldSession}` } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post('/auth/login', { email: 'reset-me@example.test', password: 'brand-new-pass' })).statusCode,
    ).toBe(200);
    const again = await post('/auth/reset-password', {
      token,
      password: 'another-pass',
      confirm_password: 'another-pass',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This reset link is invalid or has expired. Please request a new one.');
  });

  it('says when the two new passwords differ', async () => {
    const res = await post('/auth/reset-password', {
      token: 'x'.repeat(43),
      password: 'brand-new-pass',
      confirm_password: 'nope-nope',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.confirm_password).toEqual(['Passwords do not match']);
  });
});

describe('auto-login links', () => {
  async function linkFor(email: string): Promise<string> {
    const { token } = await t.signIn('customer', email);
    const me = await t.app.inject({ url: '/api/v1/user', headers: { authorization: `Bearer ${token}` } });
    const res = await post(`/admin/users/${me.json().data.id}/auto-login-link`, undefined, {
      authorization: `Bearer ${staffToken}`,
    });
    return /token=([\w-]+)/.exec(res.json().data.url)?.[1] ?? '';
  }

  it('exchanges a fresh link for a session exactly once', async () => {
    const token = await linkFor('auto@example.test');
    const first = await post('/auth/auto-login', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.user.email).toBe('auto@example.test');
    expect(String(first.headers['set-cookie'])).toMatch(/ob_session=.*HttpOnly/);
    expect((await post('/auth/auto-login', { token })).statusCode).toBe(401);
  });

  it('refuses a link older than five minutes', async () => {
    const token = await linkFor('late@example.test');
    t.clock.advance(5 * 60 * 1000 + 1);
    const res = await post('/auth/auto-login', { token });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('This sign-in link is invalid or has expired.');
  });
});

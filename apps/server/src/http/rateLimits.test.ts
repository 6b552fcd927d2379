import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseRateSpec } from '../config.ts';
import { createTestContext, type TestContext } from '../test/testApp.ts';
import { RATE_CLASSES, rateClassesOf } from './rateLimits.ts';

/** Every class at 2 calls a minute, so the third is refused. */
const SMALL = Object.fromEntries(
  ['AUTH', 'CHECK_EMAIL', 'PASSWORD', 'CHAT', 'UPLOADS', 'ORDERS', 'MONEY', 'STAFF'].map((name) => [
    `RATE_LIMIT_${name}`,
    '2/1m',
  ]),
);

let t: TestContext;
let address = 0;
/** A fresh client address per test: address-keyed classes start from zero each time. */
const nextAddress = () => `10.0.0.${++address}`;

beforeAll(async () => {
  // Sign-in stays generous here: the tests sign their users in from one address.
  t = await createTestContext({ RATE_LIMITS: 'on', ...SMALL, RATE_LIMIT_AUTH: '1000/1m' });
});
afterAll(() => t.close());

function expectLimited(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(429);
  const retry = Number(res.headers['retry-after']);
  expect(retry).toBeGreaterThanOrEqual(1);
  expect(retry).toBeLessThanOrEqual(60);
  expect(res.json()).toEqual({
    message: `Too many requests. Please try again in ${retry} second${retry === 1 ? '' : 's'}.`,
    code: 'RATE_LIMITED',
  });
}

/** Sends `call` three times: the first two pass the limiter (whatever they answer), the third is 429. */
async function thirdIsLimited(call: () => Promise<LightMyRequestResponse>): Promise<void> {
  for (let i = 0; i < 2; i += 1) expect((await call()).statusCode).not.toBe(429);
  expectLimited(await call());
}

const post = (url: string, opts: { token?: string; address?: string; payload?: object } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    remoteAddress: opts.address,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    payload: opts.payload ?? {},
  });

describe('rate limits per class of call', () => {
  it('sign-in, sign-up and the second step share one budget per address', async () => {
    const auth = await createTestContext({ RATE_LIMITS: 'on', ...SMALL });
    const send = (url: string, address: string, payload: object = {}) =>
      auth.app.inject({ method: 'POST', url: `/api/v1${url}`, remoteAddress: address, payload });
    try {
      const login = { email: 'nobody@example.test', password: 'wrong password here' };
      expect((await send('/auth/login', '10.1.0.1', login)).statusCode).toBe(401);
      expect((await send('/auth/register', '10.1.0.1')).statusCode).toBe(422);
      expectLimited(await send('/auth/login/2fa', '10.1.0.1'));
      // Another address is not affected.
      expect((await send('/auth/login', '10.1.0.2', login)).statusCode).toBe(401);
    } finally {
      await auth.close();
    }
  });

  it('check-email', async () => {
    const address = nextAddress();
    await thirdIsLimited(() => post('/auth/check-email', { address, payload: { email: 'a@example.test' } }));
  });

  it('password reset and forgotten password', async () => {
    const address = nextAddress();
    expect((await post('/auth/forgot-password', { address })).statusCode).not.toBe(429);
    expect((await post('/auth/reset-password', { address })).statusCode).not.toBe(429);
    expectLimited(await post('/auth/forgot-password', { address }));
  });

  it('chat send, per user rather than per address', async () => {
    const a = await t.signIn('customer');
    const b = await t.signIn('customer');
    await thirdIsLimited(() => post('/chat/messages', { token: a.token, payload: { message: 'hi' } }));
    // The same address, another customer: a budget of their own.
    expect(
      (await post('/chat/messages', { token: b.token, payload: { message: 'hi' } })).statusCode,
    ).not.toBe(429);
  });

  it('uploads: chat files, verification documents and deposit proofs', async () => {
    const c = await t.signIn('customer');
    expect((await post('/chat/upload', { token: c.token })).statusCode).not.toBe(429);
    expect((await post('/verification/documents', { token: c.token })).statusCode).not.toBe(429);
    expectLimited(await post('/deposits/1/proof', { token: c.token }));
  });

  it('order placement: new and pending orders, changes, closes and cancels', async () => {
    const c = await t.signIn('customer');
    expect((await post('/trades/store', { token: c.token })).statusCode).not.toBe(429);
    expect((await post('/trade/1/close', { token: c.token })).statusCode).not.toBe(429);
    expectLimited(
      await t.app.inject({
        method: 'PUT',
        url: '/api/v1/trade/1',
        headers: { authorization: `Bearer ${c.token}` },
        payload: {},
      }),
    );
  });

  it('money: deposits, withdrawals, transfers and savings', async () => {
    const c = await t.signIn('customer');
    expect((await post('/deposits', { token: c.token })).statusCode).not.toBe(429);
    expect((await post('/withdrawals', { token: c.token })).statusCode).not.toBe(429);
    expectLimited(await post('/transfers', { token: c.token }));
    const d = await t.signIn('customer');
    expect((await post('/savings', { token: d.token })).statusCode).not.toBe(429);
  });

  it('staff calls, reads included', async () => {
    const s = await t.signIn('staff');
    await thirdIsLimited(() =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/audit',
        headers: { authorization: `Bearer ${s.token}` },
      }),
    );
  });

  it('leaves calls outside every class alone', async () => {
    for (let i = 0; i < 5; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });
});

describe('rate limit configuration', () => {
  it('maps every limited call to its class, and an admin upload to two', () => {
    const names = (m: string, p: string) => rateClassesOf(m, p).map((c) => c.name);
    expect(names('POST', '/auth/login')).toEqual(['auth']);
    expect(names('POST', '/auth/check-email')).toEqual(['checkEmail']);
    expect(names('POST', '/security/password')).toEqual(['password']);
    expect(names('POST', '/deposits/wallets/:id/sandbox-transfer')).toEqual(['money']);
    expect(names('POST', '/savings/:id/redeem')).toEqual(['money']);
    expect(names('POST', '/trade/:id/cancel')).toEqual(['orders']);
    expect(names('POST', '/admin/plans/uploads/icon')).toEqual(['uploads', 'staff']);
    expect(names('GET', '/assets')).toEqual([]);
    expect(names('GET', '/chat/messages')).toEqual([]);
    expect(RATE_CLASSES).toHaveLength(8);
  });

  it('reads MAX/WINDOW, and refuses anything else naming the variable', () => {
    expect(parseRateSpec('20/1m')).toEqual({ max: 20, windowMs: 60_000 });
    expect(parseRateSpec('100/10s')).toEqual({ max: 100, windowMs: 10_000 });
    expect(parseRateSpec('5/1h')).toEqual({ max: 5, windowMs: 3_600_000 });
    expect(parseRateSpec('0/1m')).toBeUndefined();
    expect(parseRateSpec('20 per minute')).toBeUndefined();
    expect(() => loadConfig({ RATE_LIMIT_AUTH: '20', SOCKET_CONNECTIONS_PER_ADDRESS: '0' })).toThrow(
      /RATE_LIMIT_AUTH: must be MAX\/WINDOW[\s\S]*SOCKET_CONNECTIONS_PER_ADDRESS: must be a whole number/,
    );
    const c = loadConfig({});
    expect(c.RATE_LIMITS).toBe(true);
    expect(c.RATE_LIMIT_AUTH).toEqual({ max: 20, windowMs: 60_000 });
    expect(loadConfig({ RATE_LIMITS: 'off' }).RATE_LIMITS).toBe(false);
  });

  it('RATE_LIMITS=off lifts every limit (the default of the other test suites)', async () => {
    const off = await createTestContext({ RATE_LIMITS: 'off', ...SMALL });
    try {
      for (let i = 0; i < 4; i += 1) {
        const res = await off.app.inject({
          method: 'POST',
          url: '/api/v1/auth/check-email',
          payload: { email: 'a@example.test' },
        });
        expect(res.statusCode).not.toBe(429);
      }
    } finally {
      await off.close();
    }
  });

  it('behind a proxy (TRUST_PROXY) each forwarded client has its own budget', async () => {
    const proxied = await createTestContext({ RATE_LIMITS: 'on', TRUST_PROXY: 'true', ...SMALL });
    const check = (client: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/v1/auth/check-email',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client },
        payload: { email: 'a@example.test' },
      });
    try {
      await check('203.0.113.1');
      await check('203.0.113.1');
      expectLimited(await check('203.0.113.1'));
      expect((await check('203.0.113.2')).statusCode).not.toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

/** Limits hold across nodes: two apps on one Redis count together. Runs where TEST_REDIS_URL is set. */
const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('rate limits on Redis', () => {
  it('counts calls on two nodes against one budget', async () => {
    const shared = {
      RATE_LIMITS: 'on',
      ...SMALL,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}`,
      APP_SECRET: randomBytes(32).toString('hex'),
      ROLES: 'api',
    };
    const a = await createTestContext(shared);
    const b = await createTestContext(shared);
    const check = (node: TestContext) =>
      node.app.inject({
        method: 'POST',
        url: '/api/v1/auth/check-email',
        remoteAddress: '198.51.100.7',
        payload: { email: 'a@example.test' },
      });
    try {
      expect((await check(a)).statusCode).not.toBe(429);
      expect((await check(b)).statusCode).not.toBe(429);
      expectLimited(await check(a));
    } finally {
      await a.close();
      await b.close();
    }
  });
});

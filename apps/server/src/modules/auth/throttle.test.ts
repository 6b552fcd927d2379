import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/testApp.ts';
import { TEST_ENGINE } from '../../test/testDatabase.ts';
import { UNLOCK_INVALID_MESSAGE, UNLOCKED_MESSAGE } from './recovery.ts';
import { THROTTLE_LIMITS, THROTTLE_WINDOW_MS } from './throttle.ts';

/** Every argon2 verification a sign-in runs (a real one, or the dummy one for an unknown email). */
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('./passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./passwords.ts')>();
  return {
    ...real,
    verifyPassword: (hash: string, password: string) => {
      checks.count += 1;
      return real.verifyPassword(hash, password);
    },
    burnVerifyTime: (password: string) => {
      checks.count += 1;
      return real.burnVerifyTime(password);
    },
  };
});

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());
beforeEach(() => {
  checks.count = 0;
});

const PASSWORD = 'correct horse battery';
const login = (email: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });
const unlock = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/unlock', payload: { token } });
const mailsTo = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

/** 200 wrong passwords at once, each from its own address so only the account's count can stop them. */
const storm = (email: string, base: number) =>
  Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      login(email, `wrong ${i}`, `10.${base}.${Math.floor(i / 250)}.${(i % 250) + 1}`),
    ),
  );

describe(`login throttle on ${TEST_ENGINE}`, () => {
  it('200 parallel wrong passwords for one account check at most the limit; the rest get 429', async () => {
    await t.signIn('customer', 'storm@example.test');
    checks.count = 0;
    const answers = await storm('storm@example.test', 1);
    expect(checks.count).toBeLessThanOrEqual(THROTTLE_LIMITS.account);
    expect(checks.count).toBeGreaterThan(0);
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(checks.count);
    expect(codes.filter((c) => c !== 401).every((c) => c === 429)).toBe(true);
    const refused = answers.find((r) => r.statusCode === 429);
    expect(refused?.json().message).toMatch(
      /^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    // The owner is locked out too until the window passes or the link is used.
    expect((await login('storm@example.test', PASSWORD, '10.1.9.9')).statusCode).toBe(429);
  });

  it('an unknown email is throttled the same way and no mail goes anywhere', async () => {
    const answers = await storm('ghost@example.test', 2);
    expect(checks.count).toBeLessThanOrEqual(THROTTLE_LIMITS.account);
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(195);
    expect(await mailsTo('ghost@example.test')).toHaveLength(0);
  });

  it('the lock mails one unlock link; the link lets the owner in at once and works once', async () => {
    await t.signIn('customer', 'locked@example.test');
    for (let i = 0; i < THROTTLE_LIMITS.account; i++) {
      expect((await login('locked@example.test', 'guess', `10.3.0.${i + 1}`)).statusCode).toBe(401);
    }
    for (let i = 0; i < 3; i++) {
      expect((await login('locked@example.test', 'guess', '10.3.1.1')).statusCode).toBe(429);
    }
    const mails = await mailsTo('locked@example.test');
    expect(mails).toHaveLength(1);
    const token = /\/unlock\?token=([A-Za-z0-9_-]+)/.exec(mails[0]?.body ?? '')?.[1];
    expect(token).toBeDefined();

    const res = await unlock(token ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: UNLOCKED_MESSAGE });
    expect((await login('locked@example.test', PASSWORD, '10.3.2.1')).statusCode).toBe(200);

    const again = await unlock(token ?? '');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(UNLOCK_INVALID_MESSAGE);
  });

  it('a new lock in a later window mails a new link; a bad token is a clear 4xx', async () => {
    await t.signIn('customer', 'twice@example.test');
    const lockOut = async (prefix: string) => {
      for (let i = 0; i < THROTTLE_LIMITS.account + 2; i++)
        await login('twice@example.test', 'x', `${prefix}${i}`);
    };
    await lockOut('10.4.0.');
    expect(await mailsTo('twice@example.test')).toHaveLength(1);
    t.clock.advance(THROTTLE_WINDOW_MS + 1000);
    await lockOut('10.4.1.');
    expect(await mailsTo('twice@example.test')).toHaveLength(2);

    expect((await unlock('x'.repeat(43))).statusCode).toBe(400);
    const invalid = await unlock('');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toHaveProperty('token');
  });

  it('successful sign-ins do not use up the address allowance', async () => {
    await t.signIn('customer', 'office@example.test');
    for (let i = 0; i < THROTTLE_LIMITS.address + 5; i++) {
      expect((await login('office@example.test', PASSWORD, '10.5.0.1')).statusCode).toBe(200);
    }
  });
});

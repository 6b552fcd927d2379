import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingAccounts, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/testApp.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

let n = 0;
function form(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    first_name: 'Grace',
    last_name: 'Hopper',
    username: `grace${n}`,
    email: `grace${n}@example.test`,
    phone: '+1 555 0100',
    country_code: '+1',
    country: 'united-states',
    nationality: 'united-states',
    password: 'cobol-forever',
    confirm_password: 'cobol-forever',
    agree_privacy: true,
    ...overrides,
  };
}

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload });

describe('POST /auth/register', () => {
  it('creates a pending customer with a USD trading account and an argon2id hash (≥19 MiB, ≥2 passes)', async () => {
    const payload = form();
    const res = await register(payload);
    expect(res.statusCode).toBe(201);
    const user = res.json().data;
    expect(user).toMatchObject({ email: payload.email, status: 'pending', role: 'customer' });
    expect(user.accounts).toHaveLength(1);
    expect(user.accounts[0]).toMatchObject({ currency: 'USD', balance: 0 });
    expect(res.body).not.toContain('argon2');
    const [row] = await t.database.db.select().from(users).where(eq(users.email, payload.email));
    const hash = row?.passwordHash ?? '';
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(Number(/[$,]m=(\d+)/.exec(hash)?.[1])).toBeGreaterThanOrEqual(19_456);
    expect(Number(/[$,]t=(\d+)/.exec(hash)?.[1])).toBeGreaterThanOrEqual(2);
    const accounts = await t.database.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.userId, user.id));
    expect(accounts[0]?.balanceCents).toBe(0n);
  });

  it.each([
    ['first_name', { first_name: 'G' }, 'First name must be at least 2 characters'],
    ['last_name', { last_name: 'H' }, 'Last name must be at least 2 characters'],
    ['username', { username: 'gh' }, 'Username must be at least 3 characters'],
    ['email', { email: 'grace-at-example' }, 'Please enter a valid email address'],
    ['phone', { phone: '123' }, 'Please enter a valid phone number'],
    ['password', { password: 'short', confirm_password: 'short' }, 'Password must be at least 8 characters'],
    ['confirm_password', { confirm_password: 'different-one' }, 'Passwords do not match'],
    ['agree_privacy', { agree_privacy: false }, 'Please agree to the Privacy Policy'],
  ])('refuses a bad %s with SPEC’s message and creates nothing', async (field, overrides, message) => {
    const payload = form(overrides);
    const res = await register(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
    const rows = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, String(payload.email).toLowerCase()));
    expect(rows).toHaveLength(0);
  });

  it('refuses a duplicate email and a duplicate username (any case) as field errors', async () => {
    const first = form();
    expect((await register(first)).statusCode).toBe(201);
    const again = await register(form({ email: first.email.toUpperCase() }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual(['Email is already registered']);
    const sameName = await register(form({ username: first.username.toUpperCase() }));
    expect(sameName.json().errors.username).toEqual(['This username is already taken']);
  });

  it('starts new accounts active when staff turned auto-approve on', async () => {
    const { token } = await t.signIn('staff');
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/settings',
      headers: { authorization: `Bearer ${token}` },
      payload: { auto_approve: true },
    });
    const res = await register(form());
    expect(res.json().data.status).toBe('active');
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/settings',
      headers: { authorization: `Bearer ${token}` },
      payload: { auto_approve: false },
    });
  });
});

describe('POST /auth/check-email', () => {
  it('says a free email is available with the US default country', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/check-email',
      payload: { email: 'free@example.test' },
    });
    expect(res.json()).toEqual({
      success: true,
      message: 'Email verified successfully! Please continue with registration.',
      data: { available: true, country: 'US' },
    });
  });

  it('says a taken email is unavailable, and reads the country a proxy supplies', async () => {
    const payload = form();
    await register(payload);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/check-email',
      headers: { 'cf-ipcountry': 'gb' },
      payload: { email: payload.email },
    });
    expect(res.json()).toEqual({
      success: false,
      message: 'Email is already registered',
      data: { available: false, country: 'GB' },
    });
  });

  it('rejects an invalid email with SPEC’s message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/check-email',
      payload: { email: 'nope' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Please enter a valid email address');
  });
});

import type { FinancialAnswers } from '@openbroker/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/testApp.ts';

let t: TestContext;
let customer: string;
let other: string;
let customerId: number;
let admin: string;
let support: string;
let compliance: string;

const GOOD: FinancialAnswers = {
  employment_status: 'employed',
  industry: 'finance',
  annual_income: '50k_100k',
  net_worth: '50k_250k',
  source_of_funds: ['salary', 'savings'],
  source_of_funds_other: '',
  experience: { forex_cfds: '1_3y', stocks: 'over_3y', crypto: 'none' },
  trading_frequency: 'weekly',
  purpose: 'speculation',
  knowledge: { leverage_loss: 'b', margin_close: 'a', cfd_ownership: 'b', stop_loss: 'b' },
};
const LOW: FinancialAnswers = {
  ...GOOD,
  experience: { forex_cfds: 'none', stocks: 'none', crypto: 'none' },
  trading_frequency: 'never',
  knowledge: { leverage_loss: 'a', margin_close: 'b', cfd_ownership: 'a', stop_loss: 'a' },
};

beforeAll(async () => {
  t = await createTestContext();
  customer = (await t.signIn('customer')).token;
  other = (await t.signIn('customer')).token;
  admin = (await t.signIn('staff')).token;
  support = (await t.signIn('staff', 'profile-support@example.test', ['support'])).token;
  compliance = (await t.signIn('staff', 'profile-compliance@example.test', ['compliance'])).token;
  customerId = (await call(customer, 'GET', '/user')).json().data.id;
});
afterAll(() => t.close());

function call(token: string, method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
}

describe('customer financial profile', () => {
  it('needs a session (401) and is for customers (403 for staff)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/profile/financial' })).statusCode).toBe(401);
    expect((await call(admin, 'GET', '/profile/financial')).statusCode).toBe(403);
  });

  it('starts empty', async () => {
    const res = await call(customer, 'GET', '/profile/financial');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      profile: null,
      completed: false,
      approval_requires_verification: false,
    });
  });

  it('refuses incomplete answers with 422 naming the fields', async () => {
    const { employment_status: _, ...missing } = GOOD;
    const res = await call(customer, 'PUT', '/profile/financial', {
      ...missing,
      source_of_funds: ['other'],
      knowledge: { ...GOOD.knowledge, stop_loss: 'z' },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.errors)).toEqual(
      expect.arrayContaining(['employment_status', 'knowledge.stop_loss']),
    );

    const other = await call(customer, 'PUT', '/profile/financial', { ...GOOD, source_of_funds: ['other'] });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.source_of_funds_other).toBeDefined();
  });

  it('a low score needs the risk warning acknowledged (422), then stores when it was', async () => {
    const refused = await call(customer, 'PUT', '/profile/financial', LOW);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.risk_acknowledged).toBeDefined();
    expect((await call(customer, 'GET', '/profile/financial')).json().data.completed).toBe(false);

    const saved = await call(customer, 'PUT', '/profile/financial', { ...LOW, risk_acknowledged: true });
    expect(saved.statusCode).toBe(200);
    const { data } = saved.json();
    expect(data.completed).toBe(true);
    expect(data.profile).toMatchObject({ band: 'low', score: 0, answers: LOW });
    expect(data.profile.risk_acknowledged_at).toEqual(expect.any(String));
  });

  it('an appropriate score is stored without acknowledgement; the score is the server’s own', async () => {
    const saved = await call(customer, 'PUT', '/profile/financial', { ...GOOD, score: 99, band: 'low' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.profile).toMatchObject({
      band: 'appropriate',
      score: 13,
      risk_acknowledged_at: null,
    });
  });

  it('each customer sees only their own', async () => {
    expect((await call(other, 'GET', '/profile/financial')).json().data.profile).toBeNull();
  });
});

describe('staff read', () => {
  it('needs clients.read: a customer gets 403', async () => {
    expect((await call(customer, 'GET', `/admin/clients/${customerId}/financial-profile`)).statusCode).toBe(
      403,
    );
  });

  it('support (clients.read) reads it; an unknown client is 404', async () => {
    const res = await call(support, 'GET', `/admin/clients/${customerId}/financial-profile`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ band: 'appropriate', answers: GOOD });
    expect((await call(support, 'GET', '/admin/clients/999999/financial-profile')).statusCode).toBe(404);
  });
});

describe('onboarding settings', () => {
  it('needs settings.write', async () => {
    expect((await call(customer, 'GET', '/admin/onboarding-settings')).statusCode).toBe(403);
    expect((await call(compliance, 'GET', '/admin/onboarding-settings')).statusCode).toBe(403);
    expect(
      (await call(support, 'PATCH', '/admin/onboarding-settings', { approval_requires_verification: true }))
        .statusCode,
    ).toBe(403);
  });

  it('validates the body (422)', async () => {
    const res = await call(admin, 'PATCH', '/admin/onboarding-settings', {
      approval_requires_verification: 'yes',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.approval_requires_verification).toBeDefined();
  });

  it('changes, audits before/after, and the customer sees it', async () => {
    expect((await call(admin, 'GET', '/admin/onboarding-settings')).json().data).toEqual({
      approval_requires_verification: false,
    });
    const res = await call(admin, 'PATCH', '/admin/onboarding-settings', {
      approval_requires_verification: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ approval_requires_verification: true });
    // The same value again changes nothing and is not audited twice.
    await call(admin, 'PATCH', '/admin/onboarding-settings', { approval_requires_verification: true });

    // One home for the flag: the verification settings, audited there with before and after.
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'verification.settings_update'),
          eq(auditLog.objectType, 'verification_settings'),
        ),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      before: { approval_requires_verification: false },
      after: { approval_requires_verification: true },
    });
    const shared = await call(admin, 'GET', '/admin/verification/settings');
    expect(shared.json().data.approval_requires_verification).toBe(true);
    expect(
      (await call(customer, 'GET', '/profile/financial')).json().data.approval_requires_verification,
    ).toBe(true);
  });

  it('while on, approving a pending customer below verification level 1 is refused (409)', async () => {
    const pendingId = (await call(other, 'GET', '/user')).json().data.id;
    await t.database.db.update(users).set({ status: 'pending' }).where(eq(users.id, pendingId));
    const approve = () => call(admin, 'PATCH', `/admin/users/${pendingId}`, { status: 'active' });
    const refused = await approve();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This client has not completed verification.');

    await call(admin, 'PATCH', '/admin/onboarding-settings', { approval_requires_verification: false });
    expect((await approve()).statusCode).toBe(200);
  });
});

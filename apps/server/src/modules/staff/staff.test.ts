import { STAFF_MESSAGES } from '@openbroker/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/testApp.ts';
import { STAFF_DISABLED } from '../auth/service.ts';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = (await t.signIn('staff', 'boss@example.test')).token;
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` }, payload });

const idOf = async (token: string): Promise<number> => (await call(token, 'GET', '/user')).json().data.id;

async function lastAudit(action: string, objectId: number) {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.objectId, String(objectId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

async function mailTo(email: string): Promise<string> {
  const res = await call(admin, 'GET', '/admin/outbox');
  return res.json().data.find((m: { to: string }) => m.to === email)?.body ?? '';
}

describe('staff management permissions', () => {
  it('refuses customers and staff without staff.manage with 403 on every call', async () => {
    const customer = (await t.signIn('customer')).token;
    const support = (await t.signIn('staff', undefined, ['support'])).token;
    const finance = (await t.signIn('staff', undefined, ['finance', 'compliance'])).token;
    for (const token of [customer, support, finance]) {
      expect((await call(token, 'GET', '/admin/staff')).statusCode).toBe(403);
      expect(
        (
          await call(token, 'POST', '/admin/staff', {
            email: 'x@example.test',
            first_name: 'X',
            last_name: 'Y',
            roles: ['admin'],
          })
        ).statusCode,
      ).toBe(403);
      expect((await call(token, 'PUT', '/admin/staff/1/roles', { roles: ['admin'] })).statusCode).toBe(403);
      expect((await call(token, 'POST', '/admin/staff/1/disable')).statusCode).toBe(403);
      expect((await call(token, 'POST', '/admin/staff/1/enable')).statusCode).toBe(403);
    }
  });
});

describe('inviting staff', () => {
  it('creates an active staff user, mails a 72 h set-your-password link and audits it', async () => {
    const res = await call(admin, 'POST', '/admin/staff', {
      email: 'New.Hire@Example.test',
      first_name: 'Nia',
      last_name: 'Hire',
      roles: ['support', 'support'],
    });
    expect(res.statusCode).toBe(201);
    const member = res.json().data;
    expect(member).toMatchObject({
      email: 'new.hire@example.test',
      first_name: 'Nia',
      roles: ['support'],
      status: 'active',
      last_seen_at: null,
    });
    const audit = await lastAudit('staff.invite', member.id);
    expect(audit?.after).toMatchObject({
      email: 'new.hire@example.test',
      roles: ['support'],
      status: 'active',
    });

    // The random password is unusable; the mailed link sets a real one.
    const body = await mailTo('new.hire@example.test');
    expect(body).toMatch(/72 hours/);
    const token = /forgot-password\?token=([\w-]+)/.exec(body)?.[1] ?? '';
    expect(token).not.toBe('');
    t.clock.advance(71 * 60 * 60 * 1000);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, password: 'my-own-pass-1', confirm_password: 'my-own-pass-1' },
    });
    expect(set.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'new.hire@example.test', password: 'my-own-pass-1' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user).toMatchObject({ role: 'staff', staff_roles: ['support'] });
  });

  it('answers 422 with field errors for bad input and a taken email', async () => {
    const bad = await call(admin, 'POST', '/admin/staff', {
      email: 'nope',
      first_name: ' ',
      last_name: 'L',
      roles: [],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['email', 'first_name', 'roles']));
    expect(bad.json().errors.roles).toEqual([STAFF_MESSAGES.rolesRequired]);
    const unknownRole = await call(admin, 'POST', '/admin/staff', {
      email: 'r@example.test',
      first_name: 'R',
      last_name: 'L',
      roles: ['owner'],
    });
    expect(unknownRole.statusCode).toBe(422);
    const taken = await call(admin, 'POST', '/admin/staff', {
      email: 'boss@example.test',
      first_name: 'B',
      last_name: 'C',
      roles: ['support'],
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: [STAFF_MESSAGES.emailTaken] });
  });
});

describe('listing staff', () => {
  it('pages, sorts, searches and filters on the server, customers never listed', async () => {
    await t.signIn('customer', 'not-staff@example.test');
    const all = (await call(admin, 'GET', '/admin/staff?per_page=100&sort=email')).json();
    const emails: string[] = all.data.map((m: { email: string }) => m.email);
    expect(emails).toEqual([...emails].sort());
    expect(emails).not.toContain('not-staff@example.test');
    expect(all.meta).toMatchObject({ current_page: 1, per_page: 100, total: emails.length });
    const boss = all.data.find((m: { email: string }) => m.email === 'boss@example.test');
    expect(boss.last_seen_at).not.toBeNull();

    const page = (await call(admin, 'GET', '/admin/staff?per_page=1&page=2&sort=-email')).json();
    expect(page.data).toHaveLength(1);
    expect(page.data[0].email).toBe([...emails].reverse()[1]);
    expect(page.links.prev).toMatch(/page=1/);

    const found = (await call(admin, 'GET', '/admin/staff?search=boss')).json();
    expect(found.data.map((m: { email: string }) => m.email)).toEqual(['boss@example.test']);
    expect((await call(admin, 'GET', '/admin/staff?sort=password_hash')).statusCode).toBe(422);
  });
});

describe('roles', () => {
  it('replaces roles, audits before and after, and needs at least one', async () => {
    const { token } = await t.signIn('staff', 'roles@example.test', ['support']);
    const id = await idOf(token);
    const res = await call(admin, 'PUT', `/admin/staff/${id}/roles`, { roles: ['finance', 'compliance'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.roles).toEqual(['finance', 'compliance']);
    const audit = await lastAudit('staff.roles', id);
    expect(audit?.before).toEqual({ roles: ['support'] });
    expect(audit?.after).toEqual({ roles: ['finance', 'compliance'] });
    // Their own session now carries the new permissions.
    expect((await call(token, 'GET', '/admin/approvals')).statusCode).not.toBe(403);

    const none = await call(admin, 'PUT', `/admin/staff/${id}/roles`, { roles: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.roles).toEqual([STAFF_MESSAGES.rolesRequired]);
    expect((await call(admin, 'PUT', '/admin/staff/999999/roles', { roles: ['support'] })).statusCode).toBe(
      404,
    );
  });

  it('keeps the last active administrator: they cannot drop their own admin role', async () => {
    const ctx = await createTestContext();
    try {
      const only = (await ctx.signIn('staff', 'only-admin@example.test')).token;
      const onlyId = (
        await ctx.app.inject({ url: '/api/v1/user', headers: { authorization: `Bearer ${only}` } })
      ).json().data.id;
      const put = (token: string, id: number, roles: string[]) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/v1/admin/staff/${id}/roles`,
          headers: { authorization: `Bearer ${token}` },
          payload: { roles },
        });
      const refused = await put(only, onlyId, ['support']);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(STAFF_MESSAGES.lastAdmin);
      const disable = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/staff/${onlyId}/disable`,
        headers: { authorization: `Bearer ${only}` },
      });
      expect(disable.statusCode).toBe(409);

      // With a second administrator, the first may step down.
      const second = (await ctx.signIn('staff', 'second-admin@example.test')).token;
      expect((await put(only, onlyId, ['support'])).statusCode).toBe(200);
      const secondId = (
        await ctx.app.inject({ url: '/api/v1/user', headers: { authorization: `Bearer ${second}` } })
      ).json().data.id;
      expect((await put(second, secondId, ['finance'])).json().message).toBe(STAFF_MESSAGES.lastAdmin);
    } finally {
      await ctx.close();
    }
  });
});

describe('disabling and enabling', () => {
  it('revokes sessions, refuses sign-in, audits, and enabling lets them back in', async () => {
    const email = 'leaver@example.test';
    const { token } = await t.signIn('staff', email, ['support']);
    const id = await idOf(token);
    const res = await call(admin, 'POST', `/admin/staff/${id}/disable`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('disabled');
    expect((await call(token, 'GET', '/user')).statusCode).toBe(401);
    const audit = await lastAudit('staff.disable', id);
    expect(audit?.before).toEqual({ status: 'active' });
    expect(audit?.after).toEqual({ status: 'disabled' });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(STAFF_DISABLED);
    // A wrong password still reads as wrong credentials (nothing revealed about the account).
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);

    // Disabling again changes nothing and writes no second audit row.
    expect((await call(admin, 'POST', `/admin/staff/${id}/disable`)).statusCode).toBe(200);
    expect((await lastAudit('staff.disable', id))?.id).toBe(audit?.id);

    const enabled = await call(admin, 'POST', `/admin/staff/${id}/enable`);
    expect(enabled.json().data.status).toBe('active');
    expect((await lastAudit('staff.enable', id))?.after).toEqual({ status: 'active' });
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: 'correct horse battery' },
    });
    expect(back.statusCode).toBe(200);
  });

  it('refuses disabling yourself, and never touches customers', async () => {
    const me = await idOf(admin);
    const self = await call(admin, 'POST', `/admin/staff/${me}/disable`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(STAFF_MESSAGES.self);
    const customer = await idOf((await t.signIn('customer')).token);
    expect((await call(admin, 'POST', `/admin/staff/${customer}/disable`)).statusCode).toBe(404);
    expect(
      (await call(admin, 'PUT', `/admin/staff/${customer}/roles`, { roles: ['admin'] })).statusCode,
    ).toBe(404);
  });

  it('tells open back-office screens through admin.changed and drops sockets with user.revoked', async () => {
    const { token } = await t.signIn('staff', undefined, ['support']);
    const id = await idOf(token);
    const seen: string[] = [];
    const offs = [
      t.app.bus.subscribe('admin.changed', (c) => seen.push(`admin.changed:${c.scope}:${c.id}`)),
      t.app.bus.subscribe('user.revoked', (c) => seen.push(`user.revoked:${c.userId}`)),
    ];
    await call(admin, 'POST', `/admin/staff/${id}/disable`);
    for (const off of offs) off();
    expect(seen).toEqual(expect.arrayContaining([`admin.changed:staff:${id}`, `user.revoked:${id}`]));
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/testApp.ts';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = (await t.signIn('staff')).token;
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` }, payload });

async function pendingCustomer(): Promise<number> {
  const { token } = await t.signIn('customer');
  const id = (await call(token, 'GET', '/user')).json().data.id;
  await call(admin, 'PATCH', `/admin/users/${id}`, { status: 'pending' });
  return id;
}

describe('the audit trail', () => {
  it('records who did what to which object, from where, with the values before and after', async () => {
    const id = await pendingCustomer();
    await call(admin, 'PATCH', `/admin/users/${id}`, { status: 'active' });
    const page = (await call(admin, 'GET', `/admin/audit?object_type=user&object_id=${id}`)).json();
    expect(page.data[0]).toMatchObject({
      action: 'client.approve',
      object_type: 'user',
      object_id: String(id),
      before: { status: 'pending' },
      after: { status: 'active' },
      actor_name: 'Test staff',
      actor_ip: '127.0.0.1',
    });
    expect(page.data[1]).toMatchObject({ action: 'client.hold', before: { status: 'active' } });
    expect(page.meta.total).toBe(2);
  });

  it('filters by action and date, pages, and exports CSV with formulas defused', async () => {
    const { token } = await t.signIn('customer');
    const accountId = (await call(token, 'GET', '/user')).json().data.accounts[0].id;
    await call(admin, 'POST', `/admin/accounts/${accountId}/adjustments`, {
      field: 'balance',
      amount: 10,
      reason: '=HYPERLINK("http://evil")',
    });
    const byAction = (await call(admin, 'GET', '/admin/audit?action=money.adjust&per_page=1')).json();
    expect(byAction.data).toHaveLength(1);
    expect(byAction.data[0].reason).toBe('=HYPERLINK("http://evil")');
    const future = (await call(admin, 'GET', '/admin/audit?from=2999-01-01T00:00:00Z')).json();
    expect(future.data).toEqual([]);
    const csv = await call(admin, 'GET', '/admin/audit/export.csv?action=money.adjust');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe(
      'id,at,actor_id,actor_ip,action,object_type,object_id,before,after,reason,hash',
    );
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });

  it('verifies the chain, and reports the first row someone changed in the database', async () => {
    await pendingCustomer();
    const ok = (await call(admin, 'GET', '/admin/audit/verify')).json().data;
    expect(ok).toMatchObject({ ok: true, first_bad_id: null });
    expect(ok.entries).toBeGreaterThan(2);
    const [victim] = await t.database.db.select().from(auditLog).orderBy(auditLog.id).limit(1).offset(1);
    if (!victim) throw new Error('no audit rows');
    await t.database.db
      .update(auditLog)
      .set({ after: sql`'{"status":"deactivated"}'::jsonb` })
      .where(eq(auditLog.id, victim.id));
    const bad = (await call(admin, 'GET', '/admin/audit/verify')).json().data;
    expect(bad).toMatchObject({ ok: false, first_bad_id: victim.id });
    // Put it back: the chain is whole again.
    await t.database.db.update(auditLog).set({ after: victim.after }).where(eq(auditLog.id, victim.id));
    expect((await call(admin, 'GET', '/admin/audit/verify')).json().data.ok).toBe(true);
  });

  it('notices a row removed from the middle of the chain', async () => {
    await pendingCustomer();
    await pendingCustomer();
    const rows = await t.database.db.select().from(auditLog).orderBy(auditLog.id);
    const middle = rows[Math.floor(rows.length / 2)];
    const next = rows[Math.floor(rows.length / 2) + 1];
    if (!middle || !next) throw new Error('too few rows');
    await t.database.db.delete(auditLog).where(eq(auditLog.id, middle.id));
    expect((await call(admin, 'GET', '/admin/audit/verify')).json().data).toMatchObject({
      ok: false,
      first_bad_id: next.id,
    });
  });

  it('is for staff with audit permissions only', async () => {
    const support = (await t.signIn('staff', 'support-audit@example.test', ['support'])).token;
    const customer = (await t.signIn('customer')).token;
    for (const token of [support, customer]) {
      expect((await call(token, 'GET', '/admin/audit')).statusCode).toBe(403);
      expect((await call(token, 'GET', '/admin/audit/verify')).statusCode).toBe(403);
    }
  });
});

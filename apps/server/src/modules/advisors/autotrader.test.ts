import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvals, auditLog, notifications, users } from '../../db/schema.ts';
import { advisorRuns } from '../../db/schemaBots.ts';
import { type AdvisorTestContext, createAdvisorContext } from './testSupport.ts';

let t: AdvisorTestContext;

beforeAll(async () => {
  t = await createAdvisorContext();
  // AutoTrader trades a broker-chosen set: the advisors marked for it.
  await t.createAdvisor({ name: 'AutoTrader Crossover', price: 0, autotrader: true });
});
afterAll(() => t.close());

const request = (token: string, level: string) =>
  t.call(token, 'POST', '/update/autotrader', { autotrader_type: level });

async function pendingOf(userId: number) {
  return t.database.db
    .select()
    .from(approvals)
    .where(
      and(
        eq(approvals.kind, 'autotrader'),
        eq(approvals.objectId, String(userId)),
        eq(approvals.status, 'pending'),
      ),
    );
}

async function userRow(userId: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new Error('no user');
  return row;
}

const autoRuns = (userId: number) =>
  t.database.db
    .select()
    .from(advisorRuns)
    .where(and(eq(advisorRuns.userId, userId), eq(advisorRuns.kind, 'autotrader')));

describe('AutoTrader requests (POST /update/autotrader)', () => {
  it('queues one request; a second while it is pending is refused with the SPEC words', async () => {
    const c = await t.customer(5_000);
    const first = await request(c.token, 'medium');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ message: 'AutoTrader request submitted for approval' });
    const [pending] = await pendingOf(c.userId);
    expect(pending).toMatchObject({
      objectType: 'user',
      payload: { level: 'medium' },
      summary: 'AutoTrader (medium) for Test customer',
      requestedBy: c.userId,
    });

    const second = await request(c.token, 'high');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toContain('pending auto trader request');
    expect(await pendingOf(c.userId)).toHaveLength(1);

    const listed = await t.call(t.staff, 'GET', '/admin/approvals?kind=autotrader&status=pending');
    expect(listed.json().data.map((a: { id: number }) => a.id)).toContain(pending?.id);
  });

  it('keeps one pending request when several race', async () => {
    const c = await t.customer(0);
    const answers = await Promise.all(
      ['low', 'medium', 'high', 'medium', 'low'].map((l) => request(c.token, l)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await pendingOf(c.userId)).toHaveLength(1);
  });

  it('refuses an unknown level and a deactivated customer', async () => {
    const c = await t.customer(0);
    const bad = await request(c.token, 'extreme');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Choose a risk level: low, medium or high');
    await t.database.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, c.userId));
    expect((await request(c.token, 'low')).statusCode).toBe(403);
    expect(await pendingOf(c.userId)).toEqual([]);
  });

  it('turns AutoTrader on and starts its run when a second staff member approves', async () => {
    const c = await t.customer(5_000);
    expect((await request(c.token, 'medium')).statusCode).toBe(200);
    const [pending] = await pendingOf(c.userId);
    if (!pending) throw new Error('no pending request');

    // Deciding needs advisors.manage: compliance reads the queue (money.read) but may not approve it.
    const { token: compliance } = await t.signIn('staff', 'compliance-at@example.test', ['compliance']);
    const refused = await t.call(compliance, 'POST', `/admin/approvals/${pending.id}/approve`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('advisors.manage');

    const approved = await t.call(t.staff, 'POST', `/admin/approvals/${pending.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await userRow(c.userId)).toMatchObject({ autotrader: true, autotraderLevel: 'medium' });
    const runs = await autoRuns(c.userId);
    expect(runs).toMatchObject([{ status: 'running', level: 'medium', tradingAccountId: c.accountId }]);
    expect((await t.call(c.token, 'GET', '/user')).json().data.autotrader).toBe(true);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'autotrader.approve'), eq(auditLog.objectId, String(c.userId))));
    expect(audits).toHaveLength(1);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, c.userId));
    expect(notes.map((n) => n.title)).toContain('AutoTrader activated');

    // While it runs, another request is refused; once the customer stops it, `autotrader` is false.
    const again = await request(c.token, 'high');
    expect(again.statusCode).toBe(409);
    const stopped = await t.call(c.token, 'POST', '/autotrader/stop');
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect((await t.call(c.token, 'GET', '/user')).json().data.autotrader).toBe(false);
  });

  it('leaves AutoTrader off when the request is rejected, and a new request can follow', async () => {
    const c = await t.customer(5_000);
    expect((await request(c.token, 'low')).statusCode).toBe(200);
    const [pending] = await pendingOf(c.userId);
    if (!pending) throw new Error('no pending request');
    const rejected = await t.call(t.staff, 'POST', `/admin/approvals/${pending.id}/reject`, {
      reason_code: 'policy_violation',
      reason: 'Not suitable for this client',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await userRow(c.userId)).toMatchObject({ autotrader: false, autotraderLevel: null });
    expect(await autoRuns(c.userId)).toEqual([]);
    expect((await t.call(c.token, 'GET', '/user')).json().data.autotrader).toBe(false);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, c.userId));
    expect(notes.map((n) => [n.title, n.message])).toContainEqual([
      'AutoTrader request declined',
      'Your AutoTrader request (low risk, 1–2 open trades) was not approved. Reason: Not suitable for this client',
    ]);
    expect((await request(c.token, 'low')).statusCode).toBe(200);
  });
});

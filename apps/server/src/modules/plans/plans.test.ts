import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, planFeatures, plans } from '../../db/schema.ts';
import { seedPlans } from '../../db/seed/seedPlans.ts';
import { createTestContext, type TestContext } from '../../test/testApp.ts';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  await seedPlans(t.database.db);
  admin = (await t.signIn('staff')).token;
});
afterAll(() => t.close());

function call(token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}
const shared = async () => (await t.app.inject('/api/v1/shared-data')).json().data;
const lastAudit = async () =>
  (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];
const planId = async (title: string) =>
  (await t.database.db.select().from(plans).where(eq(plans.title, title)))[0]?.id ?? 0;

describe('plans in the back office', () => {
  it('refuses support staff and customers (403) on every plans call', async () => {
    const support = (await t.signIn('staff', undefined, ['support'])).token;
    const customer = (await t.signIn('customer')).token;
    const id = await planId('Basic');
    for (const token of [support, customer]) {
      expect((await call(token, 'GET', '/admin/plans')).statusCode).toBe(403);
      expect(
        (await call(token, 'POST', '/admin/plans', { title: 'X', color: '#fff', leverage: 1 })).statusCode,
      ).toBe(403);
      expect((await call(token, 'PATCH', `/admin/plans/${id}`, { leverage: 1 })).statusCode).toBe(403);
      expect((await call(token, 'GET', '/admin/plan-features')).statusCode).toBe(403);
      expect((await call(token, 'POST', '/admin/plan-features', { title: 'X' })).statusCode).toBe(403);
      expect((await call(token, 'PATCH', '/admin/plan-features/1', { title: 'X' })).statusCode).toBe(403);
      expect((await call(token, 'DELETE', '/admin/plan-features/1')).statusCode).toBe(403);
    }
  });

  it('lists plans with levels, advisors, values and customers, and the comparison rows', async () => {
    const res = await call(admin, 'GET', '/admin/plans');
    expect(res.statusCode).toBe(200);
    const { plans: list, plan_features } = res.json().data;
    expect(list.map((p: { title: string }) => p.title)).toEqual(['Basic', 'Pro', 'VIP']);
    expect(list[0]).toMatchObject({ leverage: 100, margin_call_level: 100, stop_out_level: 50, eas: [] });
    // The customer signed in above starts on the default plan.
    expect(list[0].customers).toBe(1);
    expect(plan_features.map((f: { title: string }) => f.title)[0]).toBe('Minimum deposit');
  });

  it('validates a change field by field (422)', async () => {
    const id = await planId('Basic');
    const res = await call(admin, 'PATCH', `/admin/plans/${id}`, {
      title: '',
      color: 'url(javascript:1)',
      icon: 'skull',
      leverage: 1001,
      margin_call_level: 0,
      eas: [1, -2],
      extra: true,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining(['title', 'color', 'icon', 'leverage', 'margin_call_level', 'eas.1']),
    );
    const above = await call(admin, 'PATCH', `/admin/plans/${id}`, { stop_out_level: 100 });
    expect(above.statusCode).toBe(422);
    expect(above.json().errors.stop_out_level).toEqual([
      'The stop-out level must be below the margin call level',
    ]);
    const tooMany = await call(admin, 'PATCH', `/admin/plans/${id}`, { features: Array(9).fill('x') });
    expect(tooMany.json().errors.features).toEqual([
      'The comparison has 4 rows; give at most that many values',
    ]);
    expect((await call(admin, 'PATCH', '/admin/plans/999999', { leverage: 5 })).statusCode).toBe(404);
  });

  it('changes a plan, audits only what changed, tells caches and screens, and customers see it', async () => {
    const id = await planId('Pro');
    const events: string[] = [];
    const offs = [
      t.app.bus.subscribe('settings.updated', () => events.push('settings.updated')),
      t.app.bus.subscribe('admin.changed', (c) => events.push(`admin.changed:${c.scope}:${c.id}`)),
    ];
    const res = await call(admin, 'PATCH', `/admin/plans/${id}`, {
      title: 'Pro+',
      color: 'purple',
      icon: 'star',
      leverage: 300,
      stop_out_level: 40,
      eas: [3, 7],
      features: ['$4,000', '1:300', 'Included', 'Chat'],
    });
    for (const off of offs) off();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'Pro+',
      color: 'purple',
      eas: [3, 7],
      stop_out_level: 40,
    });
    expect(events).toEqual(['settings.updated', `admin.changed:plans:${id}`]);
    expect(await lastAudit()).toMatchObject({
      action: 'plan.update',
      objectId: String(id),
      before: { title: 'Pro', color: '#2563eb', icon: 'rocket', leverage: 200, stop_out_level: 50, eas: [] },
      after: { title: 'Pro+', color: 'purple', icon: 'star', leverage: 300, stop_out_level: 40, eas: [3, 7] },
    });
    const plan = (await shared()).plans.find((p: { id: number }) => p.id === id);
    expect(plan).toMatchObject({ title: 'Pro+', color: 'purple', icon: 'star', leverage: 300 });
    expect(plan.features).toEqual(['$4,000', '1:300', 'Included', 'Chat']);
  });

  it('keeps one plan recommended', async () => {
    const vip = await planId('VIP');
    expect((await call(admin, 'PATCH', `/admin/plans/${vip}`, { recommended: true })).statusCode).toBe(200);
    const flagged = (await shared()).plans.filter((p: { recommended: boolean }) => p.recommended);
    expect(flagged.map((p: { id: number }) => p.id)).toEqual([vip]);
  });

  it('creates a plan (audited) that customers see in shared data', async () => {
    const res = await call(admin, 'POST', '/admin/plans', {
      title: 'Gold',
      color: '#D4A017',
      leverage: 50,
      margin_call_level: 120,
      stop_out_level: 60,
      icon: 'trophy',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ title: 'Gold', color: '#d4a017', rank: 3, eas: [], features: [] });
    expect(await lastAudit()).toMatchObject({
      action: 'plan.create',
      objectId: String(created.id),
      after: { title: 'Gold' },
    });
    expect((await shared()).plans.at(-1)).toMatchObject({ id: created.id, title: 'Gold', icon: 'trophy' });
    const bad = await call(admin, 'POST', '/admin/plans', {
      title: 'Bad',
      color: '#000',
      leverage: 5,
      stop_out_level: 100,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.stop_out_level).toBeDefined();
  });
});

describe('plan comparison rows', () => {
  const values = async (title: string) =>
    (await t.database.db.select().from(plans).where(eq(plans.title, title)))[0]?.features;

  it('adds, renames, moves and removes rows, carrying every plan’s values with them', async () => {
    const basic = await values('Basic');
    expect(basic).toEqual(['$250', '1:100', 'Starter set', 'Chat and email']);

    const added = await call(admin, 'POST', '/admin/plan-features', { title: 'Spreads from' });
    expect(added.statusCode, added.body).toBe(201);
    const row = added.json().data;
    expect(row).toMatchObject({ title: 'Spreads from', rank: 4 });
    expect(await values('Basic')).toEqual([...(basic ?? []), '']);
    expect(await lastAudit()).toMatchObject({
      action: 'plan_feature.create',
      after: { title: 'Spreads from' },
    });

    const id = (await t.database.db.select().from(plans).where(eq(plans.title, 'Basic')))[0]?.id;
    await call(admin, 'PATCH', `/admin/plans/${id}`, {
      features: ['$250', '1:100', 'Starter set', 'Chat and email', '1.2 pips'],
    });

    // Moving the new row to the second place moves its value there in every plan.
    const moved = await call(admin, 'PATCH', `/admin/plan-features/${row.id}`, { rank: 0, title: 'Spreads' });
    expect(moved.statusCode, moved.body).toBe(200);
    const rows = await t.database.db.select().from(planFeatures);
    const order = rows.sort((a, b) => a.rank - b.rank || a.id - b.id).map((r) => r.title);
    expect(order).toEqual(['Minimum deposit', 'Spreads', 'Maximum leverage', 'Expert Advisors', 'Support']);
    expect(await values('Basic')).toEqual(['$250', '1.2 pips', '1:100', 'Starter set', 'Chat and email']);
    expect(await lastAudit()).toMatchObject({
      action: 'plan_feature.update',
      before: { title: 'Spreads from', rank: 4 },
      after: { title: 'Spreads', rank: 0 },
    });
    const data = await shared();
    expect(data.plan_features.map((f: { title: string }) => f.title)).toEqual(order);

    const removed = await call(admin, 'DELETE', `/admin/plan-features/${row.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await values('Basic')).toEqual(basic);
    expect(await lastAudit()).toMatchObject({
      action: 'plan_feature.delete',
      before: { title: 'Spreads', values: { [String(id)]: '1.2 pips' } },
    });
    expect((await call(admin, 'DELETE', `/admin/plan-features/${row.id}`)).statusCode).toBe(404);
  });

  it('validates rows (422)', async () => {
    expect((await call(admin, 'POST', '/admin/plan-features', { title: '' })).statusCode).toBe(422);
    expect((await call(admin, 'POST', '/admin/plan-features', { title: 'x', rank: -1 })).statusCode).toBe(
      422,
    );
    expect((await call(admin, 'PATCH', '/admin/plan-features/1', {})).statusCode).toBe(422);
  });
});

import type { Personal, PersonalUpdateResult, PersonalVersion } from '@openbroker/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, verificationRequirements } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/testApp.ts';
import { PENDING_CONFLICT } from './service.ts';

let t: TestContext;
let compliance: string;
let support: string;
let finance: string;
beforeAll(async () => {
  t = await createTestContext({}, { start: new Date('2026-06-15T12:00:00Z') });
  compliance = (await t.signIn('staff', 'compliance1@example.test', ['compliance'])).token;
  support = (await t.signIn('staff', 'support1@example.test', ['support'])).token;
  finance = (await t.signIn('staff', 'finance1@example.test', ['finance'])).token;
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` }, payload });

const form = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  date_of_birth: '1990-12-10',
  address_line1: '12 St James Square',
  address_line2: '',
  city: 'London',
  postal_code: 'SW1Y 4JH',
  country: 'united-kingdom',
  country_code: '+44',
  phone: '20 7946 0958',
  nationality: 'united-kingdom',
  tax_residence: 'united-kingdom',
  tax_id: '',
};

async function customer(): Promise<{ token: string; id: number }> {
  const { token } = await t.signIn('customer');
  const id = (await call(token, 'GET', '/user')).json().data.id as number;
  return { token, id };
}

const personal = async (token: string) =>
  (await call(token, 'GET', '/personal')).json<{ data: Personal }>().data;
const versions = async (token: string) =>
  (await call(token, 'GET', '/personal/versions')).json<{ data: PersonalVersion[] }>().data;

async function verify(userId: number, kind: 'identity_document' | 'proof_of_address'): Promise<void> {
  await t.database.db
    .insert(verificationRequirements)
    .values({ userId, kind, state: 'verified', submissions: 1 });
}

/** A customer with a saved form and a verified proof of address (address fields locked). */
async function lockedCustomer() {
  const c = await customer();
  expect((await call(c.token, 'PUT', '/personal', form)).statusCode).toBe(200);
  await verify(c.id, 'proof_of_address');
  return c;
}

describe('PUT /personal validation', () => {
  it('answers 422 naming each bad field, under-18 included, and changes nothing', async () => {
    const c = await customer();
    const res = await call(c.token, 'PUT', '/personal', {
      ...form,
      date_of_birth: '2008-06-16',
      country: 'atlantis',
      phone: 'x',
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors.date_of_birth).toEqual(['You must be at least 18 years old']);
    expect(body.errors.country).toEqual(['Choose the country you live in']);
    expect(body.errors.phone).toBeDefined();
    expect((await personal(c.token)).details.date_of_birth).toBeNull();
    expect(await versions(c.token)).toEqual([]);
  });

  it('is for signed-in users only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/personal' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/personal', payload: form })).statusCode).toBe(
      401,
    );
  });
});

describe('unlocked changes', () => {
  it('apply at once and each save keeps a version with before and after, by the customer', async () => {
    const c = await customer();
    const first = await call(c.token, 'PUT', '/personal', form);
    expect(first.statusCode).toBe(200);
    const r = first.json<PersonalUpdateResult>();
    expect(r.requested).toEqual([]);
    expect(r.applied).toContain('date_of_birth');
    expect(r.data.details).toMatchObject({
      first_name: 'Ada',
      city: 'London',
      address_line2: null,
      tax_id: null,
    });
    expect(r.data.locked).toEqual([]);

    const second = await call(c.token, 'PUT', '/personal', {
      ...form,
      city: 'Bath',
      tax_id: 'AB 12 34 56 C',
    });
    expect(second.json<PersonalUpdateResult>().applied).toEqual(['city', 'tax_id']);

    const same = await call(c.token, 'PUT', '/personal', { ...form, city: 'Bath', tax_id: 'AB 12 34 56 C' });
    expect(same.json<PersonalUpdateResult>().message).toBe('Nothing changed.');

    const list = await versions(c.token);
    expect(list.map((v) => v.version)).toEqual([2, 1]);
    expect(list[0]).toMatchObject({
      by: 'customer',
      approval_id: null,
      changes: [
        { field: 'city', before: 'London', after: 'Bath' },
        { field: 'tax_id', before: null, after: 'AB 12 34 56 C' },
      ],
    });
    // Customer changes are not staff actions: nothing in the audit trail.
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'user'), eq(auditLog.objectId, String(c.id))));
    expect(audited).toEqual([]);
  });
});

describe('locked changes', () => {
  it('shows which fields are locked and why', async () => {
    const c = await lockedCustomer();
    await verify(c.id, 'identity_document');
    const p = await personal(c.token);
    expect(p.locked.map((l) => l.field)).toEqual([
      'first_name',
      'last_name',
      'date_of_birth',
      'address_line1',
      'address_line2',
      'city',
      'postal_code',
      'country',
    ]);
    expect(p.locked.find((l) => l.field === 'city')?.reason).toBe(
      'Confirmed by your verified proof of address',
    );
  });

  it('become one approvals request and change nothing; unlocked ones in the same save apply', async () => {
    const c = await lockedCustomer();
    const res = await call(c.token, 'PUT', '/personal', { ...form, city: 'Paris', phone: '20 7946 0000' });
    expect(res.statusCode).toBe(200);
    const r = res.json<PersonalUpdateResult>();
    expect(r.applied).toEqual(['phone']);
    expect(r.requested).toEqual(['city']);
    expect(r.data.details.city).toBe('London');
    expect(r.data.details.phone).toBe('20 7946 0000');
    expect(r.data.pending_request).toMatchObject({
      status: 'pending',
      changes: [{ field: 'city', before: 'London', after: 'Paris' }],
    });

    const queue = await call(compliance, 'GET', `/admin/approvals?kind=personal_change&object_id=${c.id}`);
    expect(queue.json().data).toHaveLength(1);
    expect(queue.json().data[0]).toMatchObject({
      kind: 'personal_change',
      status: 'pending',
      object_type: 'user',
      summary: 'Change address of Ada Lovelace',
      payload: { fields: { city: 'Paris' }, before: { city: 'London' } },
    });
  });

  it('refuses a second request while one waits (409), applying nothing of it', async () => {
    const c = await lockedCustomer();
    expect((await call(c.token, 'PUT', '/personal', { ...form, city: 'Paris' })).statusCode).toBe(200);
    const again = await call(c.token, 'PUT', '/personal', { ...form, city: 'Rome', phone: '20 1111 2222' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: PENDING_CONFLICT });
    expect((await personal(c.token)).details.phone).toBe(form.phone);
    // Unlocked changes alone still apply while a request waits.
    expect((await call(c.token, 'PUT', '/personal', { ...form, phone: '20 1111 2222' })).statusCode).toBe(
      200,
    );
  });

  it('applies when staff with clients.manage approve: a version by staff, an audit row, a notification', async () => {
    const c = await lockedCustomer();
    const request = (
      await call(c.token, 'PUT', '/personal', { ...form, city: 'Paris', postal_code: '75001' })
    ).json<PersonalUpdateResult>().data.pending_request;
    if (!request) throw new Error('no request');
    const heard: number[] = [];
    const off = t.app.bus.subscribe('notification.created', ({ userId }) => heard.push(userId));

    expect((await call(finance, 'POST', `/admin/approvals/${request.id}/approve`)).statusCode).toBe(403);
    const ok = await call(compliance, 'POST', `/admin/approvals/${request.id}/approve`);
    expect(ok.statusCode).toBe(200);
    off();

    const p = await personal(c.token);
    expect(p.details).toMatchObject({ city: 'Paris', postal_code: '75001' });
    expect(p.pending_request).toBeNull();
    expect(p.last_decided_request).toMatchObject({ id: request.id, status: 'approved' });
    const [latest] = await versions(c.token);
    expect(latest).toMatchObject({ by: 'staff', actor: null, approval_id: request.id });
    expect(latest?.changes.map((ch) => ch.field)).toEqual(['city', 'postal_code']);

    const staffView = await call(compliance, 'GET', `/admin/clients/${c.id}/personal-versions`);
    expect(staffView.json().data[0].actor.name).toBe('Test staff');

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'personal.change_approved'), eq(auditLog.objectId, String(c.id))));
    expect(audit?.after).toEqual({ city: 'Paris', postal_code: '75001' });
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, c.id));
    expect(notes.map((n) => n.title)).toContain('Personal information updated');
    expect(heard).toContain(c.id);
  });

  it('leaves the data unchanged when rejected and shows the customer the coded reason', async () => {
    const c = await lockedCustomer();
    const request = (
      await call(c.token, 'PUT', '/personal', { ...form, city: 'Paris' })
    ).json<PersonalUpdateResult>().data.pending_request;
    if (!request) throw new Error('no request');
    const res = await call(compliance, 'POST', `/admin/approvals/${request.id}/reject`, {
      reason_code: 'insufficient_evidence',
      reason: 'Upload a proof of address for Paris first.',
    });
    expect(res.statusCode).toBe(200);
    const p = await personal(c.token);
    expect(p.details.city).toBe('London');
    expect(p.pending_request).toBeNull();
    expect(p.last_decided_request).toMatchObject({
      status: 'rejected',
      reason_code: 'insufficient_evidence',
      reason_label: 'Insufficient evidence',
      reason: 'Upload a proof of address for Paris first.',
    });
    expect((await versions(c.token)).every((v) => v.by === 'customer')).toBe(true);
    // Decided: a new request may follow.
    expect((await call(c.token, 'PUT', '/personal', { ...form, city: 'Lyon' })).statusCode).toBe(200);
  });
});

describe('privacy and staff reading', () => {
  it('shows each customer only their own details and versions', async () => {
    const a = await lockedCustomer();
    const b = await customer();
    expect((await personal(b.token)).details.city).toBeNull();
    expect(await versions(b.token)).toEqual([]);
    expect((await call(b.token, 'GET', `/admin/clients/${a.id}/personal-versions`)).statusCode).toBe(403);
  });

  it('lets staff with clients.read read a customer’s versions; 404 for a staff user', async () => {
    const a = await lockedCustomer();
    const res = await call(support, 'GET', `/admin/clients/${a.id}/personal-versions`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({ version: 1, by: 'customer', actor: { id: a.id } });
    expect((await call(support, 'GET', '/admin/clients/999999/personal-versions')).statusCode).toBe(404);
  });

  it('refuses staff without clients.read', async () => {
    const none = (await t.signIn('staff', 'norole@example.test', [])).token;
    const a = await customer();
    expect((await call(none, 'GET', `/admin/clients/${a.id}/personal-versions`)).statusCode).toBe(403);
  });
});

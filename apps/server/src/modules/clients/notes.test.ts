import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/testApp.ts';

let t: TestContext;
let admin: string;
let support: string;
let support2: string;
let customer: string;
let customerId: number;
beforeAll(async () => {
  t = await createTestContext();
  admin = (await t.signIn('staff')).token;
  support = (await t.signIn('staff', 'note-support@example.test', ['support'])).token;
  support2 = (await t.signIn('staff', 'note-support2@example.test', ['support'])).token;
  customer = (await t.signIn('customer')).token;
  customerId = (await call(customer, 'GET', '/user')).json().data.id;
});
afterAll(() => t.close());

function call(token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
}

describe('client notes', () => {
  it('needs clients.notes: a customer gets 403', async () => {
    expect((await call(customer, 'GET', `/admin/clients/${customerId}/notes`)).statusCode).toBe(403);
    expect(
      (await call(customer, 'POST', `/admin/clients/${customerId}/notes`, { body: 'x' })).statusCode,
    ).toBe(403);
  });

  it('adds, lists, edits (author only) and deletes (author or clients.manage, audited)', async () => {
    const empty = await call(support, 'POST', `/admin/clients/${customerId}/notes`, { body: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.body).toBeDefined();

    const added = await call(support, 'POST', `/admin/clients/${customerId}/notes`, {
      body: 'Called about KYC',
    });
    expect(added.statusCode).toBe(201);
    const note = added.json().data;
    expect(note).toMatchObject({ body: 'Called about KYC', author: { name: 'Test staff' } });
    await call(admin, 'POST', `/admin/clients/${customerId}/notes`, { body: 'Second note' });

    const list = (await call(support2, 'GET', `/admin/clients/${customerId}/notes`)).json();
    expect(list.data.map((n: { body: string }) => n.body)).toEqual(['Second note', 'Called about KYC']);
    expect(list.meta.total).toBe(2);

    // Only the author edits; editing is not an audit event.
    const other = await call(support2, 'PATCH', `/admin/clients/${customerId}/notes/${note.id}`, {
      body: 'Hacked',
    });
    expect(other.statusCode).toBe(403);
    const edited = await call(support, 'PATCH', `/admin/clients/${customerId}/notes/${note.id}`, {
      body: 'Called about KYC; sent the link',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.body).toBe('Called about KYC; sent the link');
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.objectType, 'user'))
        .then((rows) => rows.filter((r) => r.action.startsWith('note.'))),
    ).toEqual([]);

    // Another support member (no clients.manage) cannot delete it; an admin can, and it is recorded.
    expect((await call(support2, 'DELETE', `/admin/clients/${customerId}/notes/${note.id}`)).statusCode).toBe(
      403,
    );
    expect((await call(admin, 'DELETE', `/admin/clients/${customerId}/notes/${note.id}`)).statusCode).toBe(
      200,
    );
    expect((await call(admin, 'DELETE', `/admin/clients/${customerId}/notes/${note.id}`)).statusCode).toBe(
      404,
    );
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'note.delete'));
    expect(row).toMatchObject({ objectType: 'user', objectId: String(customerId) });
    expect(row?.before).toMatchObject({ note_id: note.id, body: 'Called about KYC; sent the link' });

    const after = (await call(support, 'GET', `/admin/clients/${customerId}/notes`)).json();
    expect(after.data.map((n: { body: string }) => n.body)).toEqual(['Second note']);
  });

  it('answers 404 for a note of another client or an unknown client', async () => {
    const added = (await call(admin, 'POST', `/admin/clients/${customerId}/notes`, { body: 'Mine' })).json()
      .data;
    expect(
      (await call(admin, 'PATCH', `/admin/clients/999999/notes/${added.id}`, { body: 'x' })).statusCode,
    ).toBe(404);
    expect((await call(admin, 'POST', '/admin/clients/999999/notes', { body: 'x' })).statusCode).toBe(404);
  });
});

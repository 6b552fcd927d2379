import { desc, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema.ts';
import type { TestContext } from '../../test/testApp.ts';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A JSON call of the API as `token` (anonymous when null). */
export function call(
  t: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string | null,
  payload?: object,
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
}

/** The newest audit rows of an action, newest first. */
export function auditRows(t: TestContext, action: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));
}

/** Collects the admin.changed events published while the test runs. */
export function watchAdminChanges(t: TestContext): { scopes: string[]; stop: () => void } {
  const scopes: string[] = [];
  const stop = t.app.bus.subscribe('admin.changed', (c) => scopes.push(c.scope));
  return { scopes, stop };
}

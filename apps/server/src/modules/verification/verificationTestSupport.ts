import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/testApp.ts';
import { multipartBody } from '../chat/chatTestSupport.ts';

export type VerificationContext = TestContext & { dataDir: string };

/** A test app whose DATA_DIR is a fresh temporary folder, removed on close. */
export async function createVerificationContext(
  env: NodeJS.ProcessEnv = {},
  opts: Parameters<typeof createTestContext>[1] = {},
): Promise<VerificationContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ob-verification-'));
  const t = await createTestContext({ DATA_DIR: dataDir, ...env }, opts);
  return {
    ...t,
    dataDir,
    async close() {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Customer {
  token: string;
  id: number;
  email: string;
}

let n = 0;
export async function customer(t: TestContext, status: 'active' | 'pending' = 'active'): Promise<Customer> {
  const email = `kyc${++n}-${Math.random().toString(16).slice(2, 8)}@example.test`;
  const { token } = await t.signIn('customer', email);
  const [row] = await t.database.db
    .update(users)
    .set({ status, country: 'Germany' })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  if (!row) throw new Error('no customer');
  return { token, id: row.id, email };
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export function uploadDoc(
  t: TestContext,
  token: string,
  fields: Record<string, string>,
  file: { name: string; content: Buffer | string } | null,
): Promise<LightMyRequestResponse> {
  const parts: Parameters<typeof multipartBody>[0] = Object.entries(fields).map(([name, content]) => ({
    name,
    content,
  }));
  if (file)
    parts.push({
      name: 'file',
      fileName: file.name,
      contentType: 'application/octet-stream',
      content: file.content,
    });
  const body = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/verification/documents',
    headers: { ...body.headers, ...auth(token) },
    payload: body.payload,
  });
}

export function submit(t: TestContext, token: string, kind: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/verification/requirements/${kind}/submit`,
    headers: auth(token),
  });
}

export function decide(
  t: TestContext,
  token: string,
  userId: number,
  kind: string,
  verb: 'approve' | 'reject',
  payload: Record<string, unknown> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/verification/${userId}/requirements/${kind}/${verb}`,
    headers: auth(token),
    payload,
  });
}

export function overview(t: TestContext, token: string) {
  return t.app.inject({ method: 'GET', url: '/api/v1/verification', headers: auth(token) });
}

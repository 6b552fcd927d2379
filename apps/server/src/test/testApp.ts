import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { InstrumentSeed } from '../db/seed/instruments/types.ts';
import { seedAssets } from '../db/seed/seedAssets.ts';
import { ensureSeedUser } from '../db/seed/seedUsers.ts';
import { manualClock } from '../lib/clock.ts';
import { openTestDatabase } from './testDatabase.ts';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  clock: ReturnType<typeof manualClock>;
  /** Creates an active user and returns its bearer token and session cookie. */
  signIn(role: 'staff' | 'customer', email?: string): Promise<{ token: string; cookie: string }>;
  close(): Promise<void>;
}

let counter = 0;

/** A real app on a fresh database, with a hand-moved clock (the real time unless `start` is given). */
export async function createTestContext(
  env: NodeJS.ProcessEnv = {},
  opts: { instruments?: InstrumentSeed[]; start?: Date } = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  if (opts.instruments) await seedAssets(database.db, opts.instruments);
  const clock = manualClock(opts.start ?? new Date());
  const config = loadConfig({ WEB_DIST_DIR: '/nonexistent', ...env });
  const app = await buildApp({ config, database, clock });
  await app.ready();
  return {
    app,
    database,
    clock,
    async signIn(role, email = `${role}${++counter}@example.test`) {
      const password = 'correct horse battery';
      await ensureSeedUser(database.db, {
        role,
        email,
        password,
        firstName: 'Test',
        lastName: role,
        username: email.split('@')[0] ?? email,
      });
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password },
      });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
      return { token: res.json<{ data: { token: string } }>().data.token, cookie: sessionCookie(res) };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The `name=value` of the session cookie a response set. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((k) => k.name === 'ob_session');
  if (!c) throw new Error('no session cookie');
  return `${c.name}=${c.value}`;
}

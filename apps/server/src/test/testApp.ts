import type { StaffRole } from '@openbroker/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { siteSettings } from '../db/schema.ts';
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
  /** Signs in (creating the user first if needed); staff are admins unless `staffRoles` says otherwise. */
  signIn(
    role: 'staff' | 'customer',
    email?: string,
    staffRoles?: StaffRole[],
  ): Promise<{ token: string; cookie: string }>;
  close(): Promise<void>;
}

let counter = 0;

/** Lets any staff adjustment apply at once (no second approval), for tests about other things. */
export async function liftFourEyes(db: Database['db']): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ id: 1, fourEyesThresholdCents: 10n ** 15n })
    .onConflictDoUpdate({ target: siteSettings.id, set: { fourEyesThresholdCents: 10n ** 15n } });
}

/** A real app on a fresh database, with a hand-moved clock (the real time unless `start` is given). */
export async function createTestContext(
  env: NodeJS.ProcessEnv = {},
  opts: { instruments?: InstrumentSeed[]; start?: Date; fourEyes?: boolean } = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  // Tests fund customers by staff adjustments; only the four-eyes tests keep the USD 1,000 threshold.
  if (!opts.fourEyes) await liftFourEyes(database.db);
  if (opts.instruments) await seedAssets(database.db, opts.instruments);
  const clock = manualClock(opts.start ?? new Date());
  // Rate limits off unless a test asks: many tests sign in dozens of times from one address.
  const config = loadConfig({ WEB_DIST_DIR: '/nonexistent', RATE_LIMITS: 'off', ...env });
  const app = await buildApp({ config, database, clock });
  await app.ready();
  return {
    app,
    database,
    clock,
    async signIn(role, email = `${role}${++counter}@example.test`, staffRoles) {
      const password = 'correct horse battery';
      await ensureSeedUser(database.db, {
        role,
        email,
        password,
        firstName: 'Test',
        lastName: role,
        username: email.split('@')[0] ?? email,
        staffRoles,
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

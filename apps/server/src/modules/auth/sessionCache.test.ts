import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { ensureSeedUser } from '../../db/seed/seedUsers.ts';
import { manualClock } from '../../lib/clock.ts';
import { type Bus, createMemoryBus } from '../../realtime/bus.ts';
import { liftFourEyes } from '../../test/testApp.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { createSessionCache } from './sessionCache.ts';
import type { LiveSession } from './sessionRepo.ts';

describe('the session cache on its own', () => {
  const session = (sessionId: number, userId: number): LiveSession =>
    ({
      sessionId,
      lastUsedAt: new Date(),
      expiresAt: new Date(Date.now() + 60_000),
      user: { id: userId },
    }) as LiveSession;

  it('forgets a session after its time to live, and never keeps one past its own expiry', () => {
    let t = 0;
    const cache = createSessionCache({ bus: createMemoryBus(), ttlMs: 3000, monotonicNow: () => t });
    cache.put('a', session(1, 7), cache.begin());
    expect(cache.get('a', new Date())?.sessionId).toBe(1);
    t = 2999;
    expect(cache.get('a', new Date())?.sessionId).toBe(1);
    t = 3000;
    expect(cache.get('a', new Date())).toBeUndefined();
    cache.put('b', session(2, 7), cache.begin());
    expect(cache.get('b', new Date(Date.now() + 61_000))).toBeUndefined();
  });

  it('drops what the bus ends: one session, all but one, a user, a staff change to the user', () => {
    const bus = createMemoryBus();
    const cache = createSessionCache({ bus });
    const fill = () => {
      cache.put('s1', session(1, 7), cache.begin());
      cache.put('s2', session(2, 7), cache.begin());
      cache.put('s3', session(3, 8), cache.begin());
    };
    const held = () => ['s1', 's2', 's3'].filter((d) => cache.get(d, new Date()));
    fill();
    bus.publish('session.revoked', { userId: 7, sessionIds: [1], reason: 'logout' });
    expect(held()).toEqual(['s2', 's3']);
    fill();
    bus.publish('session.revoked', { userId: 7, exceptSessionId: 2, reason: 'password_change' });
    expect(held()).toEqual(['s3']);
    fill();
    bus.publish('user.revoked', { userId: 7 });
    expect(held()).toEqual(['s3']);
    fill();
    bus.publish('admin.changed', { scope: 'clients', id: '8' });
    expect(held()).toEqual(['s1', 's2']);
    bus.publish('admin.changed', { scope: 'instruments', id: '7' });
    expect(held()).toEqual(['s1', 's2']);
  });

  it('does not keep a lookup that was running while a session ended', () => {
    const bus = createMemoryBus();
    const cache = createSessionCache({ bus });
    const since = cache.begin();
    bus.publish('session.revoked', { userId: 7, sessionIds: [1], reason: 'logout' });
    cache.put('s1', session(1, 7), since);
    expect(cache.get('s1', new Date())).toBeUndefined();
  });
});

describe('sessions cached on two nodes sharing the database and the bus', () => {
  let database: Database;
  let bus: Bus;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let n = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    await liftFourEyes(database.db);
    bus = createMemoryBus();
    const clock = manualClock(new Date());
    const config = loadConfig({ WEB_DIST_DIR: '/nonexistent', RATE_LIMITS: 'off' });
    a = await buildApp({ config, database, clock, bus });
    b = await buildApp({ config, database, clock, bus });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.close();
  });

  async function signIn(role: 'customer' | 'staff'): Promise<{ token: string; id: number }> {
    const email = `cache${++n}@example.test`;
    const password = 'correct horse battery';
    await ensureSeedUser(database.db, {
      role,
      email,
      password,
      firstName: 'T',
      lastName: role,
      username: `cache${n}`,
    });
    const res = await a.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json<{ data: { token: string } }>().data.token;
    const me = await a.inject({ url: '/api/v1/user', headers: { authorization: `Bearer ${token}` } });
    return { token, id: me.json<{ data: { id: number } }>().data.id };
  }
  // An order call (they opt in to the cache): a live session gets 404 for a trade that does not
  // exist, an ended one 401.
  const status = (app: FastifyInstance, token: string) =>
    app
      .inject({
        method: 'POST',
        url: '/api/v1/trade/2147483647/cancel',
        headers: { authorization: `Bearer ${token}` },
      })
      .then((r) => r.statusCode);
  // A call that does not opt in: it asks the database every time.
  const heartbeat = (app: FastifyInstance, token: string) =>
    app
      .inject({
        method: 'POST',
        url: '/api/v1/user/heartbeat',
        headers: { authorization: `Bearer ${token}` },
      })
      .then((r) => r.statusCode);

  it('serves the order calls from the cache and every other call from the database', async () => {
    const { token } = await signIn('customer');
    expect(await status(a, token)).toBe(404);
    // Ended behind the bus's back: only the cache can still answer for it.
    await database.db.execute(sql`update sessions set revoked_at = now() where revoked_at is null
      and user_id = (select id from users where email = ${`cache${n}@example.test`})`);
    expect(await status(a, token)).toBe(404);
    expect(await heartbeat(a, token)).toBe(401);
    expect(await status(b, token)).toBe(401);
  });

  it('refuses a logged-out session at once, on the node that logged out and on the other', async () => {
    const { token } = await signIn('customer');
    // Both nodes have it cached now.
    expect(await status(a, token)).toBe(404);
    expect(await status(b, token)).toBe(404);
    const out = await a.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect(await status(a, token)).toBe(401);
    expect(await status(b, token)).toBe(401);
  });

  it('refuses a deactivated customer at once on both nodes', async () => {
    const { token, id } = await signIn('customer');
    const staff = await signIn('staff');
    expect(await status(a, token)).toBe(404);
    expect(await status(b, token)).toBe(404);
    const res = await b.inject({
      method: 'PATCH',
      url: `/api/v1/admin/users/${id}`,
      headers: { authorization: `Bearer ${staff.token}` },
      payload: { status: 'deactivated' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(a, token)).toBe(401);
    expect(await status(b, token)).toBe(401);
  });
});

import { randomBytes } from 'node:crypto';
import { REALTIME_EVENTS } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import {
  authorizeChannel,
  listenOnFreePort,
  recordEvents,
  socketClients,
  subscribeChannel,
} from '../test/sockets.ts';
import { openAnotherConnection, TEST_ENGINE } from '../test/testDatabase.ts';
import { createTradingContext, type TradingContext } from '../test/trading.ts';

/**
 * Session-ending actions on one node drop the user's sockets on the other (DESIGN §1, §5): node A
 * runs every role, node B `api,realtime`, on one PostgreSQL and one Redis (TEST_REDIS_URL).
 */
const redisUrl = process.env.TEST_REDIS_URL;
const shared = {
  REDIS_URL: redisUrl,
  REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}`,
  APP_SECRET: randomBytes(32).toString('hex'),
};
const PASSWORD = 'correct horse battery';

let a: TradingContext;
let b: FastifyInstance;
let bDatabase: Database;
const clients = socketClients();

describe.runIf(redisUrl && TEST_ENGINE === 'postgres')('ending sessions across two nodes', () => {
  const urls = { A: '', B: '' };
  const nodes = () => ({ A: a.app, B: b });

  beforeAll(async () => {
    a = await createTradingContext(shared);
    bDatabase = await openAnotherConnection(a.database);
    b = await buildApp({
      config: loadConfig({ ...shared, ROLES: 'api,realtime', WEB_DIST_DIR: '/nonexistent' }),
      database: bDatabase,
      clock: a.clock,
    });
    urls.A = await listenOnFreePort(a.app);
    urls.B = await listenOnFreePort(b);
  });
  afterAll(async () => {
    clients.closeAll();
    await b?.close();
    await bDatabase?.close();
    await a?.close();
  });

  const call = (
    node: 'A' | 'B',
    token: string | undefined,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) =>
    nodes()[node].inject({
      method,
      url: `/api/v1${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });

  /** A socket on `node` that listens on the customer's chat channel only. */
  async function chatOnly(node: 'A' | 'B', token: string, customerId: number) {
    const socket = await clients.open(`${urls[node]}/realtime`);
    const channel = `chat.customer.${customerId}`;
    const signed = await authorizeChannel(nodes()[node], token, socket.id, channel);
    expect(signed.statusCode).toBe(200);
    expect(await subscribeChannel(socket, channel, signed.json().auth)).toEqual({ ok: true });
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    return { socket, seen: recordEvents(socket), dropped };
  }

  const within = <T>(p: Promise<T>, ms = 5000): Promise<T> =>
    Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms))]);
  const settle = () => new Promise((r) => setTimeout(r, 400));
  const messages = (seen: Array<[string, unknown]>) =>
    seen.filter(([event]) => event === REALTIME_EVENTS.messageSent).length;
  const staffSays = async (customerId: number, message: string) =>
    expect(
      (await call('A', a.staff, 'POST', '/chat/messages', { message, customer_id: customerId })).statusCode,
    ).toBe(201);

  it('logout on node A drops the session’s chat-only socket on node B; HTTP on B refuses the token', async () => {
    const c = await a.customer(0);
    const onB = await chatOnly('B', c.token, c.userId);
    await staffSays(c.userId, 'before');
    await settle();
    expect(messages(onB.seen)).toBe(1);

    expect((await call('A', c.token, 'POST', '/auth/logout')).statusCode).toBe(200);
    expect(await within(onB.dropped)).toBe('io server disconnect');
    await staffSays(c.userId, 'after');
    await settle();
    expect(messages(onB.seen)).toBe(1);
    expect((await call('B', c.token, 'GET', '/user')).statusCode).toBe(401);
  });

  it('a password reset on node B drops every socket of the user on both nodes', async () => {
    const c = await a.customer(0);
    const email: string = (await call('A', c.token, 'GET', '/user')).json().data.email;
    const second = await call('B', undefined, 'POST', '/auth/login', { email, password: PASSWORD });
    const onA = await chatOnly('A', c.token, c.userId);
    const onB = await chatOnly('B', second.json().data.token, c.userId);

    await call('B', undefined, 'POST', '/auth/forgot-password', { email });
    const [mail] = await a.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    const token = /token=([\w-]+)/.exec(mail?.body ?? '')?.[1] ?? '';
    const fresh = 'A brand new passphrase 9';
    const reset = await call('B', undefined, 'POST', '/auth/reset-password', {
      token,
      password: fresh,
      confirm_password: fresh,
    });
    expect(reset.statusCode).toBe(200);
    await within(Promise.all([onA.dropped, onB.dropped]));
    await staffSays(c.userId, 'after reset');
    await settle();
    expect(messages(onA.seen) + messages(onB.seen)).toBe(0);
    expect((await call('A', c.token, 'GET', '/user')).statusCode).toBe(401);
  });

  it('deactivation on node A drops a chat-only socket on node B', async () => {
    const c = await a.customer(0);
    const onB = await chatOnly('B', c.token, c.userId);
    const patched = await a.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/users/${c.userId}`,
      headers: { authorization: `Bearer ${a.staff}` },
      payload: { status: 'deactivated' },
    });
    expect(patched.statusCode).toBe(200);
    await within(onB.dropped);
  });
});

import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
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
 * DESIGN §1: two nodes on one PostgreSQL and one Redis. Node A runs every role (the engine); node B
 * only `api,realtime`. Runs where CI provides both (TEST_DATABASE_URL and TEST_REDIS_URL).
 */
const redisUrl = process.env.TEST_REDIS_URL;
const shared = {
  REDIS_URL: redisUrl,
  // A fresh prefix per run: parallel runs on one Redis never hear each other.
  REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}`,
  APP_SECRET: randomBytes(32).toString('hex'),
};

let a: TradingContext;
let b: FastifyInstance;
let bDatabase: Database;
const clients = socketClients();

describe.runIf(redisUrl && TEST_ENGINE === 'postgres')('two nodes on PostgreSQL and Redis', () => {
  let urlA: string;
  let urlB: string;

  beforeAll(async () => {
    a = await createTradingContext(shared);
    bDatabase = await openAnotherConnection(a.database);
    b = await buildApp({
      config: loadConfig({ ...shared, ROLES: 'api,realtime', WEB_DIST_DIR: '/nonexistent' }),
      database: bDatabase,
      clock: a.clock,
    });
    urlA = await listenOnFreePort(a.app);
    urlB = await listenOnFreePort(b);
  });
  afterAll(async () => {
    clients.closeAll();
    await b?.close();
    await bDatabase?.close();
    await a?.close();
  });

  /** A socket on `node`'s /realtime, subscribed to `channel` with a signature from that node. */
  async function listenOn(node: 'A' | 'B', token: string, channel: string) {
    const app = node === 'A' ? a.app : b;
    const socket = await clients.open(`${node === 'A' ? urlA : urlB}/realtime`);
    const signed = await authorizeChannel(app, token, socket.id, channel);
    expect(signed.statusCode).toBe(200);
    expect(await subscribeChannel(socket, channel, signed.json().auth)).toEqual({ ok: true });
    return { socket, seen: recordEvents(socket) };
  }

  const until = async (check: () => boolean, what: string, ms = 5000) => {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('a chat message posted through node A reaches a socket on node B, once', async () => {
    const customer = await a.customer(0);
    const { seen: onB } = await listenOn('B', customer.token, `chat.customer.${customer.userId}`);
    const posted = await a.call(customer.token, 'POST', '/chat/messages', { message: 'Hello from node A' });
    expect(posted.statusCode).toBeLessThan(300);
    await until(() => onB.length > 0, 'message.sent on node B');
    expect(onB[0]?.[0]).toBe('message.sent');
    expect(onB[0]?.[1]).toMatchObject({
      message: { message: 'Hello from node A', customer_id: customer.userId },
    });
    // Each node forwards the bus locally: no second copy through the adapter.
    await new Promise((r) => setTimeout(r, 300));
    expect(onB).toHaveLength(1);
  });

  it('a trade the engine closes on node A is pushed to sockets on both nodes', async () => {
    const customer = await a.customer(10_000);
    a.tick('EURUSD', 1.1);
    const open = await a.order(customer.token, {
      type: 'buy',
      id: a.assetId('EURUSD'),
      volume: 10_000,
      stop_loss: 1.095,
    });
    expect(open.statusCode).toBe(200);
    const tradeId: number = open.json().data.id;
    const channel = `trade.${customer.userId}`;
    const { seen: onA } = await listenOn('A', customer.token, channel);
    const { seen: onB } = await listenOn('B', customer.token, channel);
    // Let the order's own trade.updated pass before the stop-loss is crossed.
    await new Promise((r) => setTimeout(r, 200));
    onA.length = 0;
    onB.length = 0;

    a.tick('EURUSD', 1.09);
    await a.settle();
    const closedEvent = (seen: Array<[string, unknown]>) =>
      seen.some(
        ([event, payload]) =>
          event === 'trade.updated' && (payload as { trade_id: number }).trade_id === tradeId,
      );
    await until(() => closedEvent(onA) && closedEvent(onB), 'trade.updated on both nodes');
    const history = (
      await b.inject({
        url: '/api/v1/closed/trades',
        headers: { authorization: `Bearer ${customer.token}` },
      })
    ).json().data as { id: number; close_reason: string }[];
    expect(history.find((row) => row.id === tradeId)?.close_reason).toBe('stop_loss');
  });

  it('deactivating a customer through node A drops their sockets on node B', async () => {
    const customer = await a.customer(0);
    const { socket } = await listenOn('B', customer.token, `user.${customer.userId}`);
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const res = await a.call(a.staff, 'PATCH', `/admin/users/${customer.userId}`, { status: 'deactivated' });
    expect(res.statusCode).toBe(200);
    expect(await dropped).toBe('io server disconnect');
  });
});

import {
  PRICE_EVENTS,
  PROTOCOL_VERSION,
  REALTIME_EVENTS,
  type RealtimeAck,
  SITE_NOTICES_CHANNEL,
} from '@openbroker/domain';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_INSTRUMENTS } from '../test/instruments.ts';
import { listenOnFreePort } from '../test/sockets.ts';
import { createTestContext, type TestContext } from '../test/testApp.ts';
import { FLOOD_MULTIPLE } from './socketLimits.ts';

const KEY = 'socket-limits-key';
const PER_SECOND = 5;
let t: TestContext;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestContext(
    {
      RATE_LIMITS: 'on',
      PRICES_API_KEY: KEY,
      PRICE_BATCH_MS: '20',
      SOCKET_MESSAGES_PER_SECOND: String(PER_SECOND),
      SOCKET_MAX_PAYLOAD_BYTES: '4096',
    },
    { instruments: TEST_INSTRUMENTS },
  );
  base = await listenOnFreePort(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

/** A socket of this build on a namespace; resolves once connected, rejects on connect_error. */
async function open(namespace: '/prices' | '/realtime'): Promise<Socket> {
  const s = connect(`${base}${namespace}`, {
    transports: ['websocket'],
    reconnection: false,
    // A manager per socket, so each is its own connection (as separate tabs are).
    forceNew: true,
    auth: { protocol: PROTOCOL_VERSION, key: KEY },
  });
  sockets.push(s);
  await new Promise<void>((resolve, reject) => {
    s.once('connect', resolve);
    s.once('connect_error', reject);
  });
  return s;
}

const closeAll = async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  // The server sees the closes a moment later.
  await new Promise((r) => setTimeout(r, 200));
};

const waitFor = <T>(s: Socket, event: string, ms = 3000): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    s.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

/** Counts the acks of `n` public subscriptions sent at once, waiting `ms` for them. */
async function acksOf(s: Socket, n: number, ms = 500): Promise<number> {
  let acked = 0;
  for (let i = 0; i < n; i += 1) {
    s.emit(REALTIME_EVENTS.subscribe, { channel: SITE_NOTICES_CHANNEL }, (a: RealtimeAck) => {
      if (a.ok) acked += 1;
    });
  }
  await new Promise((r) => setTimeout(r, ms));
  return acked;
}

describe('socket limits', () => {
  it('refuses the 21st connection from one address, and takes one again once another closes', async () => {
    const open20 = await Promise.all(Array.from({ length: 20 }, () => open('/realtime')));
    expect(open20.every((s) => s.connected)).toBe(true);
    await expect(open('/realtime')).rejects.toThrow();
    const first = open20[0];
    first?.disconnect();
    await new Promise((r) => setTimeout(r, 200));
    expect((await open('/prices')).connected).toBe(true);
    await closeAll();
  });

  it('drops messages over the per-second limit, then serves the connection again', async () => {
    const s = await open('/realtime');
    expect(await acksOf(s, PER_SECOND + 3)).toBe(PER_SECOND);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await acksOf(s, 2)).toBe(2);
    expect(s.connected).toBe(true);
    await closeAll();
  });

  it('disconnects a flood', async () => {
    const s = await open('/realtime');
    const gone = waitFor<string>(s, 'disconnect');
    await acksOf(s, PER_SECOND * FLOOD_MULTIPLE + 1, 0);
    expect(await gone).toBe('io server disconnect');
    await closeAll();
  });

  it('closes a connection that sends more than the payload limit', async () => {
    const s = await open('/realtime');
    const gone = waitFor<string>(s, 'disconnect');
    s.emit(REALTIME_EVENTS.subscribe, { channel: 'x'.repeat(8_000) });
    expect(await gone).toBe('transport close');
    await closeAll();
  });

  it('answers a repeated subscribe:all without a second snapshot, and keeps the updates flowing', async () => {
    const s = await open('/prices');
    let snapshots = 0;
    s.on(PRICE_EVENTS.all, () => {
      snapshots += 1;
    });
    const first = waitFor(s, PRICE_EVENTS.all);
    s.emit(PRICE_EVENTS.subscribeAll);
    await first;
    for (let i = 0; i < 3; i += 1) s.emit(PRICE_EVENTS.subscribeAll);
    await new Promise((r) => setTimeout(r, 300));
    expect(snapshots).toBe(1);

    const update = waitFor<unknown[]>(s, PRICE_EVENTS.update);
    const id = t.app.market.allInstruments()[0]?.id ?? 0;
    t.app.bus.publish('price.ticks', [
      { assetId: id, price: 1.2345, at: t.clock.now().getTime(), volume: 1 },
    ]);
    expect((await update).length).toBeGreaterThan(0);
    await closeAll();
  });
});

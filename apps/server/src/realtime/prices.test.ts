import {
  type LivePriceUpdate,
  PACKED_PRICE_FORMAT,
  PRICE_EVENTS,
  PROTOCOL_VERSION,
  type PricesClientEvents,
  type PricesServerEvents,
  unpackPriceUpdates,
} from '@openbroker/domain';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_INSTRUMENTS } from '../test/instruments.ts';
import { createTestContext, type TestContext } from '../test/testApp.ts';

const KEY = 'test-prices-key';
let t: TestContext;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestContext(
    { PRICES_API_KEY: KEY, PRICE_BATCH_MS: '20' },
    { instruments: TEST_INSTRUMENTS },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/prices`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

/** A client of this build (it speaks PROTOCOL_VERSION) unless `handshake` says otherwise. */
function open(
  key: string,
  handshake: { protocol?: unknown; format?: string } = { protocol: PROTOCOL_VERSION },
): Socket {
  const s = connect(url, { transports: ['websocket'], auth: { key, ...handshake }, reconnection: false });
  sockets.push(s);
  return s;
}

const next = <T>(s: Socket, event: string, ms = 3000): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    s.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

const publishTicks = (price: (id: number) => number) =>
  t.app.bus.publish(
    'price.ticks',
    t.app.market
      .allInstruments()
      .map((a) => ({ assetId: a.id, price: price(a.id), at: t.clock.now().getTime(), volume: 1 })),
  );

describe('/prices socket', () => {
  it('sends every instrument on subscribe:all, then batches of moving prices', async () => {
    const s = open(KEY);
    const all = next<{
      success: boolean;
      data: { id: number; buy_price: number; sell_price: number; rate: number }[];
    }>(s, PRICE_EVENTS.all);
    s.emit(PRICE_EVENTS.subscribeAll);
    const snapshot = await all;
    expect(snapshot.success).toBe(true);
    expect(snapshot.data.map((a) => a.id).sort()).toEqual(
      t.app.market
        .allInstruments()
        .map((a) => a.id)
        .sort(),
    );
    for (const a of snapshot.data) expect(a.sell_price).toBeLessThan(a.buy_price);

    const first = next<{ id: number; price: number }[]>(s, PRICE_EVENTS.update);
    publishTicks((id) => (t.app.market.quote(id)?.price ?? 1) * 1.001);
    const batch1 = await first;
    expect(batch1).toHaveLength(TEST_INSTRUMENTS.length);
    const second = next<{ id: number; price: number }[]>(s, PRICE_EVENTS.update);
    publishTicks((id) => (t.app.market.quote(id)?.price ?? 1) * 0.998);
    const batch2 = await second;
    for (const u of batch2) expect(u.price).not.toBe(batch1.find((b) => b.id === u.id)?.price);
    expect(Object.keys(batch2[0] ?? {})).toEqual(
      expect.arrayContaining([
        'id',
        'price',
        'priceLow24h',
        'priceHigh24h',
        'change24h',
        'changePercent24h',
        'volume24h',
        'lastUpdated',
      ]),
    );
  });

  it('refuses a bad API key with an error and no data', async () => {
    const s = open('wrong-key');
    const err = await next<Error & { data?: { code: string } }>(s, 'connect_error');
    expect(err.message).toBe('Invalid API key');
    expect(err.data?.code).toBe('INVALID_API_KEY');
  });

  it('refuses a handshake of another protocol version, or none, telling the user to reload', async () => {
    for (const [handshake, shown] of [
      [{ protocol: 0 }, '0'],
      [{ protocol: PROTOCOL_VERSION + 1 }, String(PROTOCOL_VERSION + 1)],
      [{}, 'none'],
    ] as const) {
      const s = open(KEY, handshake);
      let frames = 0;
      s.onAny(() => {
        frames += 1;
      });
      const err = await next<Error & { data?: { code: string; supported: number } }>(s, 'connect_error');
      expect(err.message).toBe(
        `Unsupported protocol version ${shown}; this server speaks ${PROTOCOL_VERSION}. Reload the page.`,
      );
      expect(err.data).toMatchObject({ code: 'UNSUPPORTED_PROTOCOL', supported: PROTOCOL_VERSION });
      expect(s.connected).toBe(false);
      expect(frames).toBe(0);
    }
  });

  it('speaks the typed /prices messages of the domain protocol', async () => {
    const s: Socket<PricesServerEvents, PricesClientEvents> = open(KEY);
    const all = new Promise<Parameters<PricesServerEvents['data:all']>[0]>((resolve) =>
      s.once(PRICE_EVENTS.all, resolve),
    );
    s.emit(PRICE_EVENTS.subscribeAll);
    const catalogue = await all;
    expect(catalogue.success).toBe(true);
    const eurusd = catalogue.data.find((a) => a.symbol === 'EURUSD');
    expect(eurusd?.type).toBe('forex');
  });

  it('answers a malformed subscribe with an error event and sends nothing', async () => {
    const s = open(KEY);
    await next(s, 'connect');
    let updates = 0;
    s.on(PRICE_EVENTS.update, () => {
      updates += 1;
    });
    const error = next<{ code: string }>(s, PRICE_EVENTS.error);
    s.emit(PRICE_EVENTS.subscribe, { symbols: 'EURUSD' });
    expect((await error).code).toBe('BAD_PAYLOAD');
    publishTicks((id) => (t.app.market.quote(id)?.price ?? 1) * 1.0001);
    await new Promise((r) => setTimeout(r, 100));
    expect(updates).toBe(0);
  });

  it('sends only the subscribed symbols to a narrow subscriber, and live candles for the open chart', async () => {
    const s = open(KEY);
    await next(s, 'connect');
    const initial = next<{ id: number }[]>(s, PRICE_EVENTS.update);
    s.emit(PRICE_EVENTS.subscribe, { symbols: ['EURUSD'] });
    const eurusd = t.app.market.allInstruments().find((a) => a.symbol === 'EURUSD')?.id;
    expect((await initial).map((u) => u.id)).toEqual([eurusd]);
    s.emit(PRICE_EVENTS.subscribeCandles, { id: eurusd, interval: '1m' });
    await new Promise((r) => setTimeout(r, 50));
    const update = next<{ id: number }[]>(s, PRICE_EVENTS.update);
    const candle = next<{ id: number; interval: string; candle: { close: number } }>(s, PRICE_EVENTS.candle);
    publishTicks(() => 1.2345);
    expect((await update).map((u) => u.id)).toEqual([eurusd]);
    expect(await candle).toMatchObject({ id: eurusd, interval: '1m', candle: { close: 1.2345 } });
  });
  it('sends each symbol subscriber one frame per window with just its instruments', async () => {
    const ids = t.app.market.allInstruments().map((a) => a.id);
    const [a, b, c] = ids;
    if (a === undefined || b === undefined || c === undefined) throw new Error('need three instruments');
    const narrow = open(KEY);
    const wide = open(KEY);
    const same = open(KEY);
    const all = open(KEY);
    await Promise.all([narrow, wide, same, all].map((s) => next(s, 'connect')));
    const snapshot = next(all, PRICE_EVENTS.all);
    all.emit(PRICE_EVENTS.subscribeAll);
    // A subscribe:all socket that also names symbols still gets the one whole batch, not both.
    all.emit(PRICE_EVENTS.subscribe, { symbols: [a] });
    await snapshot;
    for (const [s, symbols] of [
      [narrow, [a]],
      [wide, [c, a, b]],
      [same, [b, a, c]],
    ] as const) {
      const initial = next<{ id: number }[]>(s, PRICE_EVENTS.update);
      s.emit(PRICE_EVENTS.subscribe, { symbols: [...symbols] });
      // The current prices right after subscribing, so a screen needs no catalogue to start.
      expect((await initial).map((u) => u.id).sort()).toEqual([...symbols].sort());
    }
    await new Promise((r) => setTimeout(r, 60));
    const frames = new Map<Socket, { id: number }[][]>();
    for (const s of [narrow, wide, same, all]) {
      frames.set(s, []);
      s.on(PRICE_EVENTS.update, (batch: { id: number }[]) => frames.get(s)?.push(batch));
    }
    publishTicks((id) => (t.app.market.quote(id)?.price ?? 1) * 1.0003);
    await new Promise((r) => setTimeout(r, 150));
    const ids3 = (s: Socket) => (frames.get(s) ?? []).map((f) => f.map((u) => u.id).sort());
    expect(ids3(narrow)).toEqual([[a]]);
    expect(ids3(wide)).toEqual([[a, b, c].sort()]);
    expect(ids3(same)).toEqual([[a, b, c].sort()]);
    expect(ids3(all)).toEqual([[...ids].sort()]);

    // Unsubscribed instruments stop; the rest keep coming, still one frame a window.
    wide.emit(PRICE_EVENTS.unsubscribe, { symbols: [b, c] });
    await new Promise((r) => setTimeout(r, 60));
    for (const s of [narrow, wide, same, all]) frames.set(s, []);
    publishTicks((id) => (t.app.market.quote(id)?.price ?? 1) * 0.9995);
    await new Promise((r) => setTimeout(r, 150));
    expect(ids3(wide)).toEqual([[a]]);
    expect(ids3(same)).toEqual([[a, b, c].sort()]);
  });

  it('sends a socket that asked for the packed format one data:packed a window, same values as data:update', async () => {
    const [a, b, c] = t.app.market.allInstruments().map((i) => i.id);
    if (a === undefined || b === undefined || c === undefined) throw new Error('need three instruments');
    const json = open(KEY);
    const packed = open(KEY, { protocol: PROTOCOL_VERSION, format: PACKED_PRICE_FORMAT });
    await Promise.all([json, packed].map((s) => next(s, 'connect')));
    const byId = (updates: LivePriceUpdate[]) => [...updates].sort((x, y) => x.id - y.id);
    const firstJson = next<LivePriceUpdate[]>(json, PRICE_EVENTS.update);
    const firstPacked = next<unknown>(packed, PRICE_EVENTS.packed);
    json.emit(PRICE_EVENTS.subscribe, { symbols: [a, b, c] });
    packed.emit(PRICE_EVENTS.subscribe, { symbols: [c, a, b] });
    const initial = byId(await firstJson);
    expect(initial.map((u) => u.id)).toEqual([a, b, c].sort((x, y) => x - y));
    expect(byId(unpackPriceUpdates(await firstPacked))).toEqual(initial);
    await new Promise((r) => setTimeout(r, 60));

    const frames = { json: [] as LivePriceUpdate[][], packed: [] as unknown[], packedAsJson: 0 };
    json.on(PRICE_EVENTS.update, (batch: LivePriceUpdate[]) => frames.json.push(batch));
    packed.on(PRICE_EVENTS.packed, (raw: unknown) => frames.packed.push(raw));
    packed.on(PRICE_EVENTS.update, () => {
      frames.packedAsJson += 1;
    });
    publishTicks((id) => (t.app.market.quote(id)?.price ?? 1) * 1.0007);
    await new Promise((r) => setTimeout(r, 150));
    expect(frames.json).toHaveLength(1);
    expect(frames.packed).toHaveLength(1);
    expect(frames.packedAsJson).toBe(0);
    expect(
      Array.isArray(frames.packed[0]) && (frames.packed[0] as unknown[]).every((v) => typeof v === 'number'),
    ).toBe(true);
    const fromJson = byId(frames.json[0] ?? []);
    expect(fromJson).toHaveLength(3);
    expect(fromJson.map((u) => u.price)).not.toEqual(initial.map((u) => u.price));
    expect(byId(unpackPriceUpdates(frames.packed[0]))).toEqual(fromJson);
  });

  it('tells a subscriber which symbols are unknown and subscribes it to the rest', async () => {
    const s = open(KEY);
    await next(s, 'connect');
    const error = next<{ code: string }>(s, PRICE_EVENTS.error);
    const initial = next<{ id: number }[]>(s, PRICE_EVENTS.update);
    s.emit(PRICE_EVENTS.subscribe, { symbols: ['EURUSD', 'NOPE', 999_999] });
    expect((await error).code).toBe('UNKNOWN_SYMBOL');
    const eurusd = t.app.market.allInstruments().find((a) => a.symbol === 'EURUSD')?.id;
    expect((await initial).map((u) => u.id)).toEqual([eurusd]);
  });
});

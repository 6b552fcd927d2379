/**
 * One fan-out server in its own process: `socketio` is the real app (buildApp + /prices), `ws`
 * a bare WebSocket server broadcasting the same update frames. Both get the same synthetic
 * ticks: `rate` ticks per instrument per second over `instruments` instruments.
 *
 *   server.ts mode instruments rate batchMs [host=127.0.0.1] [env JSON={}] [ticker=on]
 *
 * The env JSON is added to the app's configuration (REDIS_URL, SOCKET_* limits, ROLES, …);
 * `ticker=off` makes a node that only receives prices through the bus (the second node on Redis).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { LivePriceUpdate } from '@openbroker/domain';
import { buildApp } from '@openbroker/server/src/app.ts';
import { loadConfig } from '@openbroker/server/src/config.ts';
import { openMemoryDatabase } from '@openbroker/server/src/db/client.ts';
import { runMigrations } from '@openbroker/server/src/db/migrate.ts';
import { seedAssets } from '@openbroker/server/src/db/seed/seedAssets.ts';
import { systemClock } from '@openbroker/server/src/lib/clock.ts';
import { type PerMessageDeflateOptions, WebSocketServer } from 'ws';
import { benchInstruments } from './instruments.ts';

const [
  mode = 'socketio',
  instrumentsArg = '2000',
  rateArg = '1',
  batchArg = '100',
  host = '127.0.0.1',
  envArg = '{}',
  tickerArg = 'on',
] = process.argv.slice(2);
const extraEnv = JSON.parse(envArg) as Record<string, string>;
const ticking = tickerArg !== 'off';
const instruments = Number(instrumentsArg);
const rate = Number(rateArg);
const batchMs = Number(batchArg);
const send = (msg: unknown) => process.send?.(msg);

/** Every 10 ms, move a slice of the instruments so each ticks `rate` times a second. */
function startTicker(onTicks: (ids: number[], at: number) => void): void {
  if (!ticking) return;
  let cursor = 0;
  const perStep = (instruments * rate) / 100;
  let carry = 0;
  setInterval(() => {
    carry += perStep;
    const n = Math.floor(carry);
    carry -= n;
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      ids.push((cursor % instruments) + 1);
      cursor += 1;
    }
    if (ids.length > 0) onTicks(ids, Date.now());
  }, 10);
}

async function runSocketIo(): Promise<void> {
  const database = await openMemoryDatabase();
  await runMigrations(database);
  await seedAssets(database.db, benchInstruments(instruments));
  // Without an env JSON (run.ts: every client from 127.0.0.1) the per-address limits stay off;
  // run-netns.ts sets them on with an explicit SOCKET_CONNECTIONS_PER_ADDRESS.
  const config = loadConfig({
    WEB_DIST_DIR: '/nonexistent',
    PRICE_BATCH_MS: String(batchMs),
    PORT: '8080',
    RATE_LIMITS: 'off',
    ...extraEnv,
  });
  const app = await buildApp({ config, database, clock: systemClock });
  await app.listen({ port: 0, host });
  const prices = new Map(app.market.allInstruments().map((a) => [a.id, a.referencePrice]));
  startTicker((ids, at) => {
    app.bus.publish(
      'price.ticks',
      ids.map((id) => {
        const p = (prices.get(id) ?? 100) * (1 + (Math.random() - 0.5) * 0.001);
        prices.set(id, p);
        return { assetId: id, price: p, at, volume: 1 };
      }),
    );
  });
  const address = app.server.address();
  send({ port: typeof address === 'object' && address ? address.port : 0 });
}

/**
 * The per-message deflate settings the product's Socket.IO server uses, read from a built app
 * (not copied), so `ws-deflate` puts the same compression on the bare broadcast.
 */
async function productDeflate(): Promise<PerMessageDeflateOptions | false> {
  const database = await openMemoryDatabase();
  await runMigrations(database);
  const config = loadConfig({ WEB_DIST_DIR: '/nonexistent', PORT: '8080', ROLES: 'realtime' });
  const app = await buildApp({ config, database, clock: systemClock });
  const options = app.io?.engine.opts.perMessageDeflate;
  await app.close();
  await database.close();
  return typeof options === 'object' ? options : options === true ? {} : false;
}

async function runWs(deflate: boolean): Promise<void> {
  const perMessageDeflate = deflate ? await productDeflate() : false;
  const wss = new WebSocketServer({ port: 0, host, perMessageDeflate });
  const quotes = new Map<number, LivePriceUpdate>();
  for (let id = 1; id <= instruments; id++) {
    quotes.set(id, {
      id,
      price: 100 + id,
      priceLow24h: 100,
      priceHigh24h: 100,
      change24h: 0,
      changePercent24h: 0,
      volume24h: 0,
      lastUpdated: Date.now(),
    });
  }
  const changed = new Set<number>();
  startTicker((ids, at) => {
    for (const id of ids) {
      const q = quotes.get(id);
      if (!q) continue;
      q.price *= 1 + (Math.random() - 0.5) * 0.001;
      // The product adds the dealing prices to every update: the same fields, the same bytes.
      q.buyPrice = q.price * 1.0005;
      q.sellPrice = q.price * 0.9995;
      q.lastUpdated = at;
      changed.add(id);
    }
  });
  setInterval(() => {
    if (changed.size === 0) return;
    const frame = JSON.stringify([...changed].map((id) => quotes.get(id)));
    changed.clear();
    for (const client of wss.clients) client.send(frame);
  }, batchMs);
  wss.on('listening', () => {
    const address = wss.address();
    send({ port: typeof address === 'object' && address ? address.port : 0 });
  });
}

/** A CPU profile of the measured window only (not start-up and the snapshots), on request. */
const profiler = new Session();
process.on('message', async (msg: { type: string; file?: string }) => {
  if (msg.type === 'profile:start') {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 1000 });
    await profiler.post('Profiler.start');
    send({ type: 'profiling' });
  }
  if (msg.type === 'profile:stop') {
    const { profile } = await profiler.post('Profiler.stop');
    if (msg.file) writeFileSync(msg.file, JSON.stringify(profile));
    profiler.disconnect();
    send({ type: 'profiled' });
  }
  // Without a collection: polled every second while the server settles.
  if (msg.type === 'cpu') send({ type: 'cpu', cpu: process.cpuUsage() });
  if (msg.type === 'stats') {
    // A full collection first, so the heap figure is what connections keep, not garbage.
    (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    send({ type: 'stats', cpu: process.cpuUsage(), rss: m.rss, heap: m.heapUsed + m.external });
  }
});

await (mode === 'ws' || mode === 'ws-deflate' ? runWs(mode === 'ws-deflate') : runSocketIo());

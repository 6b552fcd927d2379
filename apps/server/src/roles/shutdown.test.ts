import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PRICE_EVENTS } from '@openbroker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socketClients } from '../test/sockets.ts';
import { TEST_ENGINE } from '../test/testDatabase.ts';
import { LOCK_FILE } from './dataDirLock.ts';

/**
 * main.ts's shutdown order on SIGTERM: the feed stops, the forming candles are saved while the
 * database is still open, then requests drain and the database closes. A real server process on
 * PGlite; the candles it formed in its last seconds must be in the data directory afterwards.
 */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const KEY = 'shutdown-prices-key';
/** Prices no seeded instrument sits at, near BTC/USD's reference so the price band lets them through. */
const PRICES = [95_101.5, 95_240.25, 95_180.75, 95_321.5];
const LAST = PRICES.at(-1) as number;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

describe.runIf(TEST_ENGINE === 'pglite')('shutting down on SIGTERM', () => {
  let dir: string;
  let child: ChildProcess | undefined;
  const clients = socketClients();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ob-shutdown-'));
  });
  afterAll(async () => {
    clients.closeAll();
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('saves the candles formed just before SIGTERM, logs no error, and frees the data directory', async () => {
    const feed = path.join(dir, 'ticks.csv');
    // A few ticks in the first seconds, long before the 30 s periodic save.
    writeFileSync(
      feed,
      `time,symbol,price\n${PRICES.map((p, i) => `${1_000 + i * 300},BTCUSD,${p}`).join('\n')}\n`,
    );
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    let out = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        DATABASE_URL: '',
        REDIS_URL: '',
        DATA_DIR: dir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        WEB_DIST_DIR: '/nonexistent',
        FEED_REPLAY_FILE: feed,
        PRICES_API_KEY: KEY,
        PRICE_BATCH_MS: '20',
        SEED_STAFF_PASSWORD: 'staff-shutdown-password',
        SEED_DEMO_PASSWORD: 'demo-shutdown-password',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const running = child;
    running.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    running.stderr?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const exited = new Promise<number | null>((r) => running.once('exit', (code) => r(code)));

    const deadline = Date.now() + 180_000;
    for (;;) {
      if (running.exitCode !== null) throw new Error(`server exited early:\n${out.slice(-5_000)}`);
      if (Date.now() > deadline) throw new Error(`server not healthy:\n${out.slice(-5_000)}`);
      const ok = await fetch(`${url}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(true);

    // Wait until the last tick has gone through the market (it reaches the price socket after that).
    const socket = await clients.open(`${url}/prices`, { key: KEY });
    const last = new Promise<number>((resolve) => {
      const look = (rows: { id: number; price?: number; rate?: number }[]) => {
        const hit = rows.find((u) => u.price === LAST || u.rate === LAST);
        if (hit) resolve(hit.id);
      };
      // The snapshot if the replay already ended, else the update that carries the last tick.
      socket.on(PRICE_EVENTS.all, (all: { data: { id: number; rate: number }[] }) => look(all.data));
      socket.on(PRICE_EVENTS.update, look);
    });
    socket.emit(PRICE_EVENTS.subscribeAll);
    const assetId = await Promise.race([
      last,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`no tick at ${LAST}:\n${out.slice(-5_000)}`)), 30_000),
      ),
    ]);

    running.kill('SIGTERM');
    expect(await exited, out.slice(-6_000)).toBe(0);
    expect(out).not.toMatch(/saving candles failed|shutdown failed|grace period over/);
    // No line anywhere near the size of a failed bulk insert's dump.
    expect(Math.max(...out.split('\n').map((l) => l.length))).toBeLessThan(5_000);
    expect(out).toMatch(/"msg":"stopped"/);
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);

    // The restart's view of the data directory: the 1-minute candle closes at the last tick.
    const db = await PGlite.create(path.join(dir, 'pglite'));
    try {
      const { rows } = await db.query<{ close: number; high: number }>(
        `select close, high from candles where asset_id = $1 and interval = '1m' order by start_ms desc limit 1`,
        [assetId],
      );
      expect(rows[0]?.close).toBe(LAST);
      expect(rows[0]?.high).toBeGreaterThanOrEqual(LAST);
    } finally {
      await db.close();
    }
  }, 300_000);
});

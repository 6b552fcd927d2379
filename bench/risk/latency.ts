/**
 * Risk engine, end to end: the time from the tick that crosses a stop-loss to the committed close
 * (DESIGN §7), while the feed runs at `ticksPerSecond` over crypto instruments (open every day).
 * Beside it, the baseline: the same close through the trading service called directly (a customer
 * closing by hand) under the same tick load. The ratio says what the engine adds to the commit.
 *
 *   npm run risk-latency -w @openbroker/bench -- [pglite | postgres://…] [ticksPerSecond=1000] [seconds=10]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@openbroker/server/src/app.ts';
import { loadConfig } from '@openbroker/server/src/config.ts';
import { openDatabase } from '@openbroker/server/src/db/client.ts';
import { runMigrations } from '@openbroker/server/src/db/migrate.ts';
import { seed } from '@openbroker/server/src/db/seed/index.ts';
import { ensureSeedUser } from '@openbroker/server/src/db/seed/seedUsers.ts';
import { systemClock } from '@openbroker/server/src/lib/clock.ts';
import { bookOpeningBalance } from '@openbroker/server/src/modules/accounts/funding.ts';
import { accountsOf, findUserByEmail } from '@openbroker/server/src/modules/users/repo.ts';

const [target = 'pglite', tpsArg = '1000', secondsArg = '10'] = process.argv.slice(2);
const TICKS_PER_SECOND = Number(tpsArg);
const SECONDS = Number(secondsArg);
const BATCH_MS = 100;
const CROSSINGS_PER_SECOND = 20;
const SYMBOLS = 200;

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-risk-latency-'));
const database = await openDatabase(target === 'pglite' ? { dataDir } : { databaseUrl: target, dataDir });
await runMigrations(database);
const config = loadConfig({
  WEB_DIST_DIR: '/nonexistent',
  ROLES: 'api,risk',
  DATA_DIR: dataDir,
  ...(target === 'pglite' ? {} : { DATABASE_URL: target }),
  SEED_STAFF_PASSWORD: 'bench-staff-password',
  SEED_DEMO_PASSWORD: 'bench-demo-password',
});
await seed(database.db, config);
const app = await buildApp({ config, database, clock: systemClock });
await app.ready();

const crypto = app.market
  .allInstruments()
  .filter((a) => a.type === 'crypto')
  .slice(0, SYMBOLS);
const price = new Map(crypto.map((a) => [a.id, app.market.quote(a.id)?.price ?? a.referencePrice]));
const publish = (ticks: { assetId: number; price: number }[]) =>
  app.bus.publish(
    'price.ticks',
    ticks.map((t) => ({ ...t, at: Date.now(), volume: 0 })),
  );
// Fresh quotes before any order.
publish(crypto.map((a) => ({ assetId: a.id, price: price.get(a.id) ?? a.referencePrice })));

await ensureSeedUser(database.db, {
  role: 'customer',
  email: 'bench-risk-latency@bench.test',
  password: 'bench-risk-latency',
  firstName: 'Bench',
  lastName: 'Latency',
  username: 'bench_risk_latency',
});
const user = await findUserByEmail(database.db, 'bench-risk-latency@bench.test');
const [account] = user ? await accountsOf(database.db, user.id) : [];
if (!user || !account) throw new Error('bench customer missing');
await bookOpeningBalance(database.db, account.id, 1_000_000_000n, 'Bench funding');

const total = CROSSINGS_PER_SECOND * SECONDS;
interface Armed {
  id: number;
  assetId: number;
  stop: number;
}
/** Opens one small buy per crossing with a stop 1% under the price. */
async function arm(n: number): Promise<Armed[]> {
  const out: Armed[] = [];
  for (let i = 0; i < n; i++) {
    const inst = crypto[i % crypto.length];
    if (!inst || !user) throw new Error('no instrument');
    const rate = price.get(inst.id) ?? inst.referencePrice;
    const stop = Number((rate * 0.99).toPrecision(8));
    const t = await app.trading.place(user, {
      type: 'buy',
      id: inst.id,
      lots: Math.min(50, Math.max(0.01, Number((100 / (rate * inst.contractSize)).toFixed(2)))),
      stop_loss: stop,
      order_type: 'market',
    });
    out.push({ id: t.id, assetId: inst.id, stop });
  }
  return out;
}

const closedAt = new Map<number, number>();
app.bus.subscribe('risk.sync', ({ trades }) => {
  for (const t of trades) if (t.status === 'closed') closedAt.set(t.id, performance.now());
});

/** Runs the tick load for SECONDS; `act(i)` fires the i-th measured event at its slot. */
async function underLoad(act: (i: number) => void): Promise<void> {
  const batches = (SECONDS * 1000) / BATCH_MS;
  const perBatch = (TICKS_PER_SECOND * BATCH_MS) / 1000;
  const eventsPerBatch = (CROSSINGS_PER_SECOND * BATCH_MS) / 1000;
  let event = 0;
  const started = performance.now();
  for (let b = 0; b < batches; b++) {
    const ticks: { assetId: number; price: number }[] = [];
    for (let k = 0; k < perBatch; k++) {
      const inst = crypto[(b * perBatch + k) % crypto.length];
      if (!inst) continue;
      // Small moves that stay well above every armed stop.
      const p = (price.get(inst.id) ?? inst.referencePrice) * (1 + (Math.random() - 0.5) * 0.0004);
      ticks.push({ assetId: inst.id, price: p });
    }
    publish(ticks);
    for (let e = 0; e < eventsPerBatch && event < total; e++) act(event++);
    const wait = started + (b + 1) * BATCH_MS - performance.now();
    await new Promise((r) => setTimeout(r, Math.max(0, wait)));
  }
  await app.risk?.idle();
  await new Promise((r) => setTimeout(r, 500));
}

function percentiles(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
  return { n: s.length, p50: at(0.5), p99: at(0.99), max: s.at(-1) ?? Number.NaN };
}

// Engine: a crossing tick for one armed position per slot.
const engineArmed = await arm(total);
const crossedAt = new Map<number, number>();
await underLoad((i) => {
  const a = engineArmed[i];
  if (!a) return;
  crossedAt.set(a.id, performance.now());
  publish([{ assetId: a.assetId, price: a.stop * 0.999 }]);
  // Put the instrument back so the next armed stop on it is not crossed by this one's price.
  publish([{ assetId: a.assetId, price: price.get(a.assetId) ?? a.stop / 0.99 }]);
});
const engine = percentiles(
  engineArmed.flatMap((a) => {
    const from = crossedAt.get(a.id);
    const to = closedAt.get(a.id);
    return from !== undefined && to !== undefined ? [to - from] : [];
  }),
);

// Baseline: the same close, called directly, under the same load.
const manualArmed = await arm(total);
const manual: number[] = [];
const pendingCloses: Promise<void>[] = [];
await underLoad((i) => {
  const a = manualArmed[i];
  if (!a) return;
  const from = performance.now();
  pendingCloses.push(app.trading.close(user, a.id).then(() => void manual.push(performance.now() - from)));
});
await Promise.all(pendingCloses);
const baseline = percentiles(manual);

const fmt = (x: number) => x.toFixed(1);
console.log(
  `\n${target === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${TICKS_PER_SECOND} ticks/s over ${crypto.length} symbols, ${CROSSINGS_PER_SECOND} crossings/s, ${SECONDS} s\n`,
);
console.log('| path | closes | p50 ms | p99 ms | max ms |');
console.log('|---|---|---|---|---|');
console.log(
  `| crossing tick → committed close (engine) | ${engine.n}/${total} | ${fmt(engine.p50)} | ${fmt(engine.p99)} | ${fmt(engine.max)} |`,
);
console.log(
  `| close called directly (baseline) | ${baseline.n}/${total} | ${fmt(baseline.p50)} | ${fmt(baseline.p99)} | ${fmt(baseline.max)} |`,
);
console.log(`\nRatio engine p99 / baseline p99: ${(engine.p99 / baseline.p99).toFixed(2)}`);

await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });

/**
 * One measured process of bench/advisors (see run.ts): a node with the `api`, `feed`, `risk` and
 * `bots` roles on a freshly seeded database, the simulated feed publishing at its own rate over the
 * whole catalogue, and `advisors` Expert Advisor runs (one per customer) created through the runs
 * service. Reports to the parent over IPC.
 *
 *   node --import tsx advisors/measure.ts <pglite | postgres://…> <advisors> <warmupSeconds> <seconds>
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { instrumentSchedule, isMarketOpen, type PriceTick } from '@openbroker/domain';
import { buildApp } from '@openbroker/server/src/app.ts';
import { loadConfig } from '@openbroker/server/src/config.ts';
import { openDatabase } from '@openbroker/server/src/db/client.ts';
import { runMigrations } from '@openbroker/server/src/db/migrate.ts';
import { plans, trades } from '@openbroker/server/src/db/schema.ts';
import { advisorDecisions, advisorPurchases } from '@openbroker/server/src/db/schemaBots.ts';
import { seed } from '@openbroker/server/src/db/seed/index.ts';
import { CLASS_PROFILES } from '@openbroker/server/src/feed/classProfiles.ts';
import { systemClock } from '@openbroker/server/src/lib/clock.ts';
import { bookOpeningBalance } from '@openbroker/server/src/modules/accounts/funding.ts';
import {
  addAdvisor,
  runnerOf,
  runsBeside,
} from '@openbroker/server/src/modules/advisors/runs/testSupport.ts';
import { hashPassword } from '@openbroker/server/src/modules/auth/passwords.ts';
import { accountsOf, insertCustomer } from '@openbroker/server/src/modules/users/repo.ts';
import { createMemoryBus } from '@openbroker/server/src/realtime/bus.ts';
import { createFeedRole } from '@openbroker/server/src/roles/feedRole.ts';
import { and, count, gte, isNotNull } from 'drizzle-orm';
import * as hdr from 'hdr-histogram-js';
import pg from 'pg';
import pino from 'pino';

export interface AdvisorsMeasured {
  advisors: number;
  instruments: number;
  legs: number;
  seconds: number;
  /** Ticks the feed published in the window, per second. */
  publishedPerSecond: number;
  /** What the feed's class profiles promise for the instruments open now, per second. */
  expectedPerSecond: number;
  /** Ticks that reached an engine (a leg trades their instrument), per second. */
  decidedPerSecond: number;
  /** Engine decisions (one per leg fed), per second. */
  legDecisionsPerSecond: number;
  /** Publish → that tick's engine decisions made, µs. */
  decision: { p50: number; p99: number; max: number; n: number };
  /** Publish → every subscriber of the batch done (the bus is synchronous), µs. */
  publish: { p50: number; p99: number; max: number; n: number };
  eventLoop: { p50: number; p99: number; max: number };
  cpuPercent: number;
  ordersPerSecond: number;
  decisionsLogged: number;
  heapMb: number;
  setupSeconds: number;
  /** Role stopped and taken again: every run saved, reloaded, warmed from candles and reconciled. */
  resumeSeconds: number;
}

const [target = 'pglite', advisorsArg = '1000', warmupArg = '15', secondsArg = '60'] = process.argv.slice(2);
const ADVISORS = Number(advisorsArg);
const WARMUP_S = Number(warmupArg);
const SECONDS = Number(secondsArg);
/** One advisor per strategy and instrument: 5 × 200 = 1,000, each run by one customer at the default size. */
const INSTRUMENTS_PER_STRATEGY = 200;

const setupStarted = performance.now();
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-advisors-'));
/** PostgreSQL: a fresh database beside the one named, dropped at the end, so each phase starts clean. */
async function freshDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_advisors_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
const fresh = target === 'pglite' ? null : await freshDatabase(target);
const database = await openDatabase(fresh ? { databaseUrl: fresh.url, dataDir } : { dataDir });
await runMigrations(database);
const config = loadConfig({
  WEB_DIST_DIR: '/nonexistent',
  ROLES: 'api,feed,risk,bots',
  DATA_DIR: dataDir,
  ...(fresh ? { DATABASE_URL: fresh.url } : {}),
  SEED_STAFF_PASSWORD: 'bench-staff-password',
  SEED_DEMO_PASSWORD: 'bench-demo-password',
  RATE_LIMITS: 'off',
});
await seed(database.db, config);
const db = database.db;

// The bus the feed publishes on, timing each batch of ticks from publish to its last subscriber.
const inner = createMemoryBus();
let batchStartedAt = 0;
let measuring = false;
const publishUs = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000 });
let published = 0;
const bus: typeof inner = {
  ...inner,
  publish(topic, payload) {
    if (topic !== 'price.ticks') return inner.publish(topic, payload);
    batchStartedAt = performance.now();
    inner.publish(topic, payload);
    if (measuring) {
      published += (payload as PriceTick[]).length;
      publishUs.recordValue(Math.max(1, Math.round((performance.now() - batchStartedAt) * 1000)));
    }
  },
};

const quiet = pino({ level: 'silent' });
const app = await buildApp({
  config,
  database,
  clock: systemClock,
  bus,
  roles: { feed: (market) => createFeedRole({ market, config, clock: systemClock, log: quiet }) },
});
await app.ready();
const runner = runnerOf(app);
const runs = runsBeside(app, db, systemClock);

// Instruments open now, across the classes (crypto trades every day; forex on weekdays).
const now = new Date();
const open = app.market.allInstruments().filter((a) => isMarketOpen(instrumentSchedule(a), now));
const expectedPerSecond = app.market
  .feedInstruments()
  .filter((a) => isMarketOpen(instrumentSchedule(a), now))
  .reduce((s, a) => s + CLASS_PROFILES[a.type].ticksPerSecond, 0);
const byType = new Map<string, typeof open>();
for (const a of open) byType.set(a.type, [...(byType.get(a.type) ?? []), a]);
// Spread the strategies over many instruments, taking classes in turn.
const picked: typeof open = [];
for (let i = 0; picked.length < INSTRUMENTS_PER_STRATEGY; i++) {
  let added = false;
  for (const list of byType.values()) {
    const a = list[i];
    if (a && picked.length < INSTRUMENTS_PER_STRATEGY) {
      picked.push(a);
      added = true;
    }
  }
  if (!added) break;
}

/** Realistic presets: one-minute bars, the strategies' usual periods, 0.01 lots. */
const PRESETS: { strategy: string; params: Record<string, unknown> }[] = [
  {
    strategy: 'ma_crossover',
    params: {
      timeframeSec: 60,
      fast: 10,
      slow: 30,
      maType: 'ema',
      lots: 0.01,
      exitUnit: 'percent',
      stopLoss: 1,
      takeProfit: 2,
    },
  },
  {
    strategy: 'rsi_reversion',
    params: {
      timeframeSec: 60,
      period: 14,
      oversold: 30,
      overbought: 70,
      exitAt: 'middle',
      lots: 0.01,
      exitUnit: 'percent',
      stopLoss: 1.5,
      takeProfit: 0,
    },
  },
  {
    strategy: 'donchian_breakout',
    params: {
      timeframeSec: 60,
      entryPeriod: 20,
      exitPeriod: 10,
      lots: 0.01,
      exitUnit: 'percent',
      stopLoss: 1,
      takeProfit: 0,
    },
  },
  {
    strategy: 'trend_trailing',
    params: {
      timeframeSec: 60,
      trendPeriod: 50,
      maType: 'ema',
      trailMode: 'atr',
      trailPercent: 1,
      atrPeriod: 14,
      atrMultiple: 3,
      lots: 0.01,
    },
  },
  {
    strategy: 'grid',
    params: {
      timeframeSec: 60,
      stepUnit: 'percent',
      step: 0.05,
      maxLevels: 5,
      lots: 0.01,
      maxTotalLots: 0.05,
      hardStop: 0.4,
      haltAfterHardStop: true,
    },
  },
];
const LIMITS = { maxLots: 1, maxOpenPositions: 5, equityStopPct: 30, closeOnEquityStop: true, hours: null };

const advisorIds: number[] = [];
if (ADVISORS > 0) {
  for (const preset of PRESETS) {
    for (const inst of picked) {
      advisorIds.push(
        await addAdvisor(db, {
          ...preset,
          assetId: inst.id,
          limits: LIMITS,
          name: `Bench ${preset.strategy} ${inst.symbol}`,
        }),
      );
    }
  }
}
const [plan] = await db
  .insert(plans)
  .values({ title: 'Bench', color: '#000000', leverage: 100, eas: advisorIds })
  .returning();
if (!plan) throw new Error('no plan');
const passwordHash = await hashPassword('bench-advisor-password');
for (let i = 0; i < ADVISORS; i++) {
  const user = await insertCustomer(db, {
    email: `bench-advisor-${i}@bench.test`,
    username: `bench_advisor_${i}`,
    passwordHash,
    role: 'customer',
    status: 'active',
    firstName: 'Bench',
    lastName: `Advisor ${i}`,
    planId: plan.id,
  });
  const [account] = await accountsOf(db, user.id);
  if (!account) throw new Error('no account');
  await bookOpeningBalance(db, account.id, 10_000_000n, 'Bench funding');
  const advisorId = advisorIds[i % advisorIds.length];
  if (advisorId === undefined) throw new Error('no advisor');
  await db
    .insert(advisorPurchases)
    .values({ userId: user.id, advisorId, amountCents: 0n, currency: 'USD', priceCents: 0n });
  await runs.startAdvisor(user, advisorId);
}
await runner.idle();
const setupSeconds = (performance.now() - setupStarted) / 1000;
const stats = runner.stats();
if (stats.runs !== ADVISORS) throw new Error(`${stats.runs} runs held, ${ADVISORS} expected`);

// Tick → decision: from the publish of a tick's batch to the moment its engines have decided.
const decisionUs = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000 });
let decided = 0;
let legDecisions = 0;
runner.observe((_tick, legs) => {
  if (!measuring) return;
  decided++;
  legDecisions += legs;
  decisionUs.recordValue(Math.max(1, Math.round((performance.now() - batchStartedAt) * 1000)));
});

await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const windowStart = new Date();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
measuring = true;
await new Promise((r) => setTimeout(r, SECONDS * 1000));
measuring = false;
const wall = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
loop.disable();
await runner.idle();

// A takeover: the role lost and taken again on this node, every running run resumed from the database.
const resumeStarted = performance.now();
await app.scheduler.stop();
app.scheduler.start();
await runner.idle();
const resumeSeconds = (performance.now() - resumeStarted) / 1000;
if (runner.stats().runs !== ADVISORS)
  throw new Error(`${runner.stats().runs} runs resumed, ${ADVISORS} expected`);

const [orders] = await db
  .select({ n: count() })
  .from(trades)
  .where(and(isNotNull(trades.advisorRunId), gte(trades.createdAt, windowStart)));
const [logged] = await db.select({ n: count() }).from(advisorDecisions);
globalThis.gc?.();
const ms = (x: number) => Math.round(x) / 1000;
const result: AdvisorsMeasured = {
  advisors: ADVISORS,
  instruments: ADVISORS > 0 ? picked.length : 0,
  legs: stats.legs,
  seconds: wall,
  publishedPerSecond: published / wall,
  expectedPerSecond,
  decidedPerSecond: decided / wall,
  legDecisionsPerSecond: legDecisions / wall,
  decision: {
    p50: decisionUs.getValueAtPercentile(50),
    p99: decisionUs.getValueAtPercentile(99),
    max: decisionUs.maxValue,
    n: decisionUs.totalCount,
  },
  publish: {
    p50: publishUs.getValueAtPercentile(50),
    p99: publishUs.getValueAtPercentile(99),
    max: publishUs.maxValue,
    n: publishUs.totalCount,
  },
  eventLoop: {
    p50: ms(loop.percentile(50) / 1000),
    p99: ms(loop.percentile(99) / 1000),
    max: ms(loop.max / 1000),
  },
  cpuPercent: ((cpu.user + cpu.system) / 1e6 / wall) * 100,
  ordersPerSecond: (orders?.n ?? 0) / wall,
  decisionsLogged: logged?.n ?? 0,
  heapMb: process.memoryUsage().heapUsed / 1_048_576,
  setupSeconds,
  resumeSeconds,
};
process.send?.(result);
await app.close();
await database.close();
await fresh?.drop();
await rm(dataDir, { recursive: true, force: true });

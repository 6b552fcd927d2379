/**
 * The order benchmark's server, in its own process so the load generator does not share its event
 * loop: the real app (buildApp) with the `api` and `risk` roles and no `feed`, so BTCUSD only moves
 * when this process publishes a tick (every 500 ms, to keep the quote fresh). Before it reports
 * ready it creates `customers` active customers, each funded through the ledger and holding
 * `positions` open positions, and signs each in through `POST /auth/login` for a bearer token.
 *
 *   args: <postgres URL | "pglite"> <customers> <positions per account at start> <data dir (PGlite)>
 *
 * `profile-start` / `profile-stop` messages take a V8 CPU profile of the measured run only; `stall`
 * answers the longest event-loop stall since the last `stall`.
 *
 * On PostgreSQL it also writes `bench_order_tokens (user_id, token_hash)`, so the pgbench script
 * can name a customer's session by its token digest as the auth hook does.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { unitsFromLots } from '@openbroker/domain';
import { buildApp } from '@openbroker/server/src/app.ts';
import { loadConfig } from '@openbroker/server/src/config.ts';
import { type Database, openDatabase } from '@openbroker/server/src/db/client.ts';
import { runMigrations } from '@openbroker/server/src/db/migrate.ts';
import { trades } from '@openbroker/server/src/db/schema.ts';
import { seed } from '@openbroker/server/src/db/seed/index.ts';
import { ensureSeedUser } from '@openbroker/server/src/db/seed/seedUsers.ts';
import { systemClock } from '@openbroker/server/src/lib/clock.ts';
import { hashToken } from '@openbroker/server/src/modules/auth/tokens.ts';
import { liveTrades } from '@openbroker/server/src/modules/trading/repo.ts';
import { accountsOf } from '@openbroker/server/src/modules/users/repo.ts';
import type { ServerMessage } from './protocol.ts';

const [target = 'pglite', customersArg = '500', positionsArg = '20', dataDir = ''] = process.argv.slice(2);
const customers = Number(customersArg);
const positions = Number(positionsArg);
/** The default plan's leverage, which the order path resolves for BTCUSD. */
const PREFILL_LEVERAGE = 100;
const SYMBOL = 'BTCUSD';
const PASSWORD = 'bench-orders-password';
/** USD 100,000.00 each: at 0.01 lots an order needs about USD 10 of margin. */
const FUNDING_CENTS = 10_000_000n;
/** argon2 runs on libuv's pool (4 threads); more in flight only queues. */
const SETUP_CONCURRENCY = 8;
const send = (msg: ServerMessage) => process.send?.(msg);

/** Runs `work` over 0..n-1 with at most `limit` in flight, results in index order. */
async function pool<T>(n: number, limit: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  const lane = async () => {
    while (next < n) {
      const i = next++;
      out[i] = await work(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, n) }, lane));
  return out;
}

const database: Database = await openDatabase(
  target === 'pglite' ? { dataDir } : { databaseUrl: target, dataDir },
);
await runMigrations(database);
const config = loadConfig({
  WEB_DIST_DIR: '/nonexistent',
  // The bench measures the order path, not the limits that protect it.
  RATE_LIMITS: 'off',
  ROLES: 'api,risk',
  DATA_DIR: dataDir,
  ...(target === 'pglite' ? {} : { DATABASE_URL: target }),
  SEED_STAFF_PASSWORD: 'bench-staff-password',
  SEED_DEMO_PASSWORD: 'bench-demo-password',
});
await seed(database.db, config);

const db = database.db;
const instrument = await db.query.assets.findFirst({ where: (a, { eq }) => eq(a.symbol, SYMBOL) });
if (!instrument) throw new Error(`no ${SYMBOL} in the catalogue`);
const setupStarted = Date.now();
const created = await pool(customers, SETUP_CONCURRENCY, async (i) => {
  const email = `bench-orders-${i}@bench.test`;
  await ensureSeedUser(db, {
    role: 'customer',
    email,
    password: PASSWORD,
    firstName: 'Bench',
    lastName: `Customer ${i}`,
    username: `bench-orders-${i}`,
    fundingCents: FUNDING_CENTS,
  });
  const user = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, email) });
  const [account] = user ? await accountsOf(db, user.id) : [];
  if (!user || !account) throw new Error(`${email} was not created`);
  return { email, userId: user.id, accountId: account.id };
});

// Positions every account already holds, opened at the reference price like a 0.01-lot market buy
// (an open position posts nothing to the ledger; its row is all there is). Inserted before the app
// starts, so the risk engine loads them as it would after a restart.
const units = unitsFromLots(0.01, instrument.contractSize);
const openingPrice = instrument.referencePrice * (1 + instrument.buySpread);
const prefill = created.flatMap((c) =>
  Array.from({ length: positions }, () => ({
    tradingAccountId: c.accountId,
    userId: c.userId,
    assetId: instrument.id,
    side: 'buy' as const,
    orderType: 'market' as const,
    status: 'open' as const,
    lots: 0.01,
    units,
    contractSize: instrument.contractSize,
    leverage: PREFILL_LEVERAGE,
    openingPrice,
    marginCents: BigInt(Math.round(((units * openingPrice) / PREFILL_LEVERAGE) * 100)),
    openedAt: new Date(),
  })),
);
let prefillLastTradeId = 0;
for (let i = 0; i < prefill.length; i += 1000) {
  const rows = await db
    .insert(trades)
    .values(prefill.slice(i, i + 1000))
    .returning({ id: trades.id });
  for (const r of rows) prefillLastTradeId = Math.max(prefillLastTradeId, r.id);
}

const app = await buildApp({ config, database, clock: systemClock });
await app.listen({ port: 0, host: '127.0.0.1' });
let price = instrument.referencePrice;
const tick = () => {
  price *= 1 + (Math.random() - 0.5) * 0.0002;
  app.bus.publish('price.ticks', [{ assetId: instrument.id, price, at: Date.now(), volume: 0 }]);
};
tick();
setInterval(tick, 500);

const signedIn = await pool(customers, SETUP_CONCURRENCY, async (i) => {
  const { email, userId } = created[i] ?? {};
  if (!email || userId === undefined) throw new Error(`customer ${i} missing`);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  const token = res.json<{ data: { token: string } }>().data.token;
  const me = await app.inject({
    method: 'GET',
    url: '/api/v1/user',
    headers: { authorization: `Bearer ${token}` },
  });
  const account = me.json<{ data: { accounts: { balance: number }[] } }>().data.accounts[0];
  if (!account || account.balance < Number(FUNDING_CENTS) / 100) {
    throw new Error(`${email} is not funded: ${me.body}`);
  }
  return { token, userId };
});
const userIds = signedIn.map((c) => c.userId);
const firstUserId = Math.min(...userIds);
const lastUserId = Math.max(...userIds);
if (lastUserId - firstUserId + 1 !== customers)
  throw new Error('bench customers have no contiguous user ids');

if (database.pool) {
  await database.pool.query('drop table if exists bench_order_tokens');
  await database.pool.query(
    'create table bench_order_tokens (user_id integer primary key, token_hash text not null)',
  );
  await database.pool.query(
    'insert into bench_order_tokens select * from unnest($1::integer[], $2::text[])',
    [userIds, signedIn.map((c) => hashToken(c.token))],
  );
}

const address = app.server.address();
send({
  type: 'ready',
  port: typeof address === 'object' && address ? address.port : 0,
  tokens: signedIn.map((c) => c.token),
  assetId: instrument.id,
  contractSize: instrument.contractSize,
  firstUserId,
  lastUserId,
  prefillLastTradeId,
  setupSeconds: (Date.now() - setupStarted) / 1000,
});

const inspector = new Session();
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
process.on('message', async (msg: { type: string; file?: string }) => {
  if (msg.type === 'stall') {
    send({ type: 'stall', loopDelayMaxMs: loopDelay.max / 1e6 });
    loopDelay.reset();
  }
  if (msg.type === 'profile-start') {
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
    send({ type: 'profile-started' });
  }
  if (msg.type === 'profile-stop' && msg.file) {
    const { profile } = await inspector.post('Profiler.stop');
    await writeFile(msg.file, JSON.stringify(profile));
    inspector.disconnect();
    send({ type: 'profile-written' });
  }
  if (msg.type === 'positions') {
    await app.risk?.idle();
    const perAccount = new Map<number, number>();
    for (const t of await liveTrades(database.db)) {
      if (t.status === 'open')
        perAccount.set(t.tradingAccountId, (perAccount.get(t.tradingAccountId) ?? 0) + 1);
    }
    const counts = [...perAccount.values()];
    send({
      type: 'positions',
      open: counts.reduce((a, c) => a + c, 0),
      accounts: counts.length,
      max: counts.length ? Math.max(...counts) : 0,
    });
  }
  if (msg.type === 'stop') {
    await app.close();
    await database.close();
    process.exit(0);
  }
});

/**
 * bench/orders: HTTP order placement (`POST /api/v1/trades/store`, market buys of 0.01 lots BTCUSD,
 * bearer tokens rotating over many customers) with autocannon against the real server, on PGlite
 * and on PostgreSQL; on PostgreSQL beside `pgbench` running the same SQL (order.sql) on the same
 * database in the same run. The ratio HTTP orders/s ÷ pgbench tps is the figure.
 *
 *   npm run orders -w @openbroker/bench -- [--pg postgres://postgres@127.0.0.1:5432/bench_orders]
 *     [--duration 10] [--warmup 3] [--connections 64] [--customers 500] [--positions 20]
 *     [--rate <orders/s offered>] [--skip-pglite] [--wait-quiet] [--server-prof <dir>]
 *
 * Without --rate the 64 connections form a closed loop (each sends its next order when answered),
 * so mean latency is connections ÷ throughput (Little's law); --rate offers a fixed rate instead,
 * the way to read latency below saturation (the HTTP phases only; pgbench always runs flat out).
 *
 * The database named by --pg is dropped and created anew. Every account starts each phase with
 * --positions open positions (inserted directly; the pgbench phase deletes the HTTP phase's
 * orders first), and each phase runs a warm-up (not measured, its positions kept) before the
 * measured run. The HTTP server is stopped before pgbench runs, so pgbench has the machine to
 * itself. --server-prof writes a V8 CPU profile of the server during the measured run (not the
 * warm-up, not the set-up) into <dir>. --wait-quiet waits before each warm-up until the machine
 * has been idle for 5 s (for shared machines); the table's "other processes CPU" says how much
 * CPU anything else took during each measured run either way.
 */
import { type ChildProcess, execFile, fork } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import autocannon from 'autocannon';
import { cpuBetween, cpuSnapshot, waitForQuiet } from './cpu.ts';
import type { ServerMessage } from './protocol.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);
const { values: opts } = parseArgs({
  options: {
    pg: { type: 'string' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '64' },
    customers: { type: 'string', default: '500' },
    positions: { type: 'string', default: '20' },
    rate: { type: 'string' },
    'skip-pglite': { type: 'boolean', default: false },
    'wait-quiet': { type: 'boolean', default: false },
    'server-prof': { type: 'string' },
  },
});
const duration = Number(opts.duration);
const warmup = Number(opts.warmup);
const connections = Number(opts.connections);
const customers = Number(opts.customers);
const positions = Number(opts.positions);
/** Offered orders/s over all connections (autocannon overallRate); unset, every connection sends as fast as it is answered. */
const rate = opts.rate === undefined ? undefined : Number(opts.rate);
const PGBENCH_THREADS = 8;

type Ready = Extract<ServerMessage, { type: 'ready' }>;
type Positions = Extract<ServerMessage, { type: 'positions' }>;

interface Row {
  name: string;
  perSecond: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  /** CPU ms per order: the Node server process, PostgreSQL. */
  serverMs: string;
  postgresMs: string;
  /** Share of one CPU over the run: the load generator (autocannon or pgbench), anything else. */
  loadGenerator: string;
  other: string;
  kernel: string;
  loopStall: string;
  positions: string;
}

const log = (line: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);

/** Sends `request` (none for `ready`) and waits for the server's message of type `reply`. */
function ask<T extends ServerMessage>(
  child: ChildProcess,
  reply: T['type'],
  request?: { type: string; file?: string },
): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: ServerMessage) => {
      if (m.type === reply) {
        child.off('message', on);
        resolve(m as T);
      }
    };
    child.on('message', on);
    if (reply !== 'ready') child.send(request ?? { type: reply });
  });
}

function startServer(target: string, dataDir: string): ChildProcess {
  const child = fork(path.join(here, 'server.ts'), [target, String(customers), String(positions), dataDir], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.once('exit', (code) => {
    if (code !== 0) {
      log(`server process exited with ${code}`);
      process.exit(1);
    }
  });
  return child;
}

async function stopServer(child: ChildProcess): Promise<void> {
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ type: 'stop' });
  await exited;
}

async function quietMoment(name: string): Promise<void> {
  if (!opts['wait-quiet']) return;
  log(`${name}: waiting for the machine to be idle`);
  if (!(await waitForQuiet())) log(`${name}: the machine was never idle; measuring anyway`);
}

/** One autocannon run: every request a market buy for the next customer in turn. */
function cannon(ready: Ready, seconds: number): Promise<{ result: autocannon.Result; failures: string[] }> {
  let next = 0;
  const failures: string[] = [];
  const body = JSON.stringify({
    type: 'buy',
    id: ready.assetId,
    volume: 0.01 * ready.contractSize,
    take_profit: 0,
    stop_loss: 0,
  });
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${ready.port}/api/v1/trades/store`,
        method: 'POST',
        connections,
        duration: seconds,
        ...(rate === undefined ? {} : { overallRate: rate }),
        headers: { 'content-type': 'application/json' },
        body,
        requests: [
          {
            setupRequest: (request) => {
              const token = ready.tokens[next++ % ready.tokens.length];
              return { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } };
            },
            onResponse: (status, responseBody) => {
              if ((status < 200 || status > 299) && failures.length < 5)
                failures.push(`${status} ${responseBody}`);
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve({ result, failures })),
    );
  });
}

const percentOf = (ms: number, seconds: number) => `${((ms / (seconds * 1000)) * 100).toFixed(0)}%`;
const positionsText = (open: number, max: number) => `${(open / customers).toFixed(1)} avg, ${max} max`;

async function httpPhase(name: string, target: string, dataDir: string): Promise<{ row: Row; ready: Ready }> {
  log(`${name}: starting the server and creating ${customers} customers…`);
  const server = startServer(target, dataDir);
  const ready = await ask<Ready>(server, 'ready');
  log(`${name}: ${customers} customers created, funded and signed in (${ready.setupSeconds.toFixed(0)} s)`);
  await quietMoment(name);
  log(`${name}: warm-up ${warmup} s`);
  const warm = await cannon(ready, warmup);
  if (warm.result.non2xx > 0)
    log(`${name}: warm-up non-2xx ${warm.result.non2xx}: ${warm.failures.join(' | ')}`);
  const prof = opts['server-prof'];
  if (prof) await ask(server, 'profile-started', { type: 'profile-start' });
  await ask(server, 'stall');
  log(`${name}: measuring ${duration} s at ${connections} connections`);
  const cpuBefore = cpuSnapshot(server.pid);
  const { result, failures } = await cannon(ready, duration);
  const cpu = cpuBetween(cpuBefore, cpuSnapshot(server.pid));
  const stall = await ask<Extract<ServerMessage, { type: 'stall' }>>(server, 'stall');
  if (prof) {
    const file = path.resolve(prof, `${name.replace(/\W+/g, '-')}.cpuprofile`);
    await ask(server, 'profile-written', { type: 'profile-stop', file });
    log(`${name}: server CPU profile of the measured run in ${file}`);
  }
  const positions = await ask<Positions>(server, 'positions');
  await stopServer(server);
  if (result.non2xx > 0 || result.errors > 0) {
    log(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors; first: ${failures.join(' | ')}`);
  }
  const orders = result['2xx'];
  return {
    ready,
    row: {
      name,
      perSecond: orders / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      total: orders,
      non2xx: result.non2xx + result.errors,
      serverMs: (cpu.server / orders).toFixed(2),
      postgresMs: target === 'pglite' ? '–' : (cpu.postgres / orders).toFixed(2),
      loadGenerator: percentOf(cpu.runner, result.duration),
      other: percentOf(cpu.other, result.duration),
      kernel: percentOf(cpu.kernel, result.duration),
      loopStall: stall.loopDelayMaxMs.toFixed(0),
      positions: positionsText(positions.open, positions.max),
    },
  };
}

const psql = (url: string, sql: string) => run('psql', [url, '-qAt', '-v', 'ON_ERROR_STOP=1', '-c', sql]);

const percentile = (sorted: Float64Array, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function pgbench(url: string, ready: Ready, seconds: number, logDir?: string) {
  const args = [
    '-n',
    ...['-c', String(connections), '-j', String(PGBENCH_THREADS), '-T', String(seconds), '-M', 'prepared'],
    ...[
      '-D',
      `first_user=${ready.firstUserId}`,
      '-D',
      `last_user=${ready.lastUserId}`,
      '-D',
      `asset=${ready.assetId}`,
    ],
    ...(logDir ? ['-l', '--log-prefix', path.join(logDir, 'pgbench')] : []),
    ...['-f', path.join(here, 'order.sql'), url],
  ];
  const { stdout } = await run('pgbench', args, { maxBuffer: 1 << 24 });
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1]);
  const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
  const processed = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1]);
  if (!Number.isFinite(tps)) throw new Error(`cannot read pgbench's output:\n${stdout}`);
  return { tps, failed, processed, command: `pgbench ${args.join(' ')}` };
}

/** Per-transaction latencies (µs, 3rd field) from pgbench's -l logs, sorted, in ms. */
async function pgbenchLatencies(dir: string): Promise<Float64Array> {
  const values: number[] = [];
  for (const file of await readdir(dir)) {
    if (!file.startsWith('pgbench')) continue;
    for (const line of (await readFile(path.join(dir, file), 'utf8')).split('\n')) {
      const us = Number(line.split(' ')[2]);
      if (line && Number.isFinite(us)) values.push(us / 1000);
    }
  }
  return Float64Array.from(values).sort();
}

async function pgbenchPhase(url: string, ready: Ready): Promise<{ row: Row; command: string }> {
  await psql(url, `delete from trades where id > ${ready.prefillLastTradeId}`);
  await psql(url, 'vacuum analyze trades');
  await quietMoment('pgbench');
  log(`pgbench: warm-up ${warmup} s`);
  await pgbench(url, ready, warmup);
  log(`pgbench: measuring ${duration} s at ${connections} clients`);
  const logDir = await mkdtemp(path.join(os.tmpdir(), 'bench-orders-pgbench-'));
  try {
    const cpuBefore = cpuSnapshot();
    const r = await pgbench(url, ready, duration, logDir);
    const cpu = cpuBetween(cpuBefore, cpuSnapshot());
    const latencies = await pgbenchLatencies(logDir);
    const { stdout } = await psql(
      url,
      "select coalesce(sum(n), 0), coalesce(max(n), 0) from (select count(*) n from trades where status = 'open' group by trading_account_id) t",
    );
    const [open = '0', max = '0'] = stdout.trim().split('|');
    return {
      command: r.command,
      row: {
        name: 'pgbench, same SQL (PostgreSQL)',
        perSecond: r.tps,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        total: r.processed,
        non2xx: r.failed,
        serverMs: '–',
        postgresMs: (cpu.postgres / r.processed).toFixed(2),
        loadGenerator: percentOf(cpu.runner, duration),
        other: percentOf(cpu.other, duration),
        kernel: percentOf(cpu.kernel, duration),
        loopStall: '–',
        positions: positionsText(Number(open), Number(max)),
      },
    };
  } finally {
    await rm(logDir, { recursive: true, force: true });
  }
}

const rows: Row[] = [];
const notes: string[] = [];
// Other work on the machine skews every figure here; the load average says whether there was any.
const loadAtStart = os.loadavg()[0] ?? 0;

if (!opts['skip-pglite']) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-orders-pglite-'));
  try {
    rows.push((await httpPhase('HTTP orders, PGlite', 'pglite', dataDir)).row);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

let ratio: number | undefined;
if (opts.pg) {
  const url = new URL(opts.pg);
  const dbName = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`--pg must name a plain database, got "${dbName}"`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  await psql(admin.toString(), `drop database if exists ${dbName} with (force)`);
  await psql(admin.toString(), `create database ${dbName}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-orders-pg-'));
  try {
    const http = await httpPhase('HTTP orders, PostgreSQL', opts.pg, dataDir);
    rows.push(http.row);
    const base = await pgbenchPhase(opts.pg, http.ready);
    rows.push(base.row);
    notes.push(`pgbench: ${base.command}`);
    ratio = http.row.perSecond / base.row.perSecond;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '–');
process.stdout.write(
  [
    `load average (1 min) before the run: ${loadAtStart.toFixed(2)}`,
    `orders: ${customers} customers starting with ${positions} open positions each, ${connections} connections${rate === undefined ? ' (closed loop)' : ` offering ${rate} orders/s`}, ${warmup} s warm-up + ${duration} s measured; nproc ${os.availableParallelism()}, Node ${process.version}`,
    '',
    '| run | orders/s (tps) | p50 ms | p99 ms | orders in run | non-2xx or errors | Node server CPU ms/order | PostgreSQL CPU ms/order | load generator CPU | other processes CPU | kernel CPU not charged to a process | longest event-loop stall ms | open positions per account at end |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${fmt(r.perSecond)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${r.total} | ${r.non2xx} | ${r.serverMs} | ${r.postgresMs} | ${r.loadGenerator} | ${r.other} | ${r.kernel} | ${r.loopStall} | ${r.positions} |`,
    ),
    '',
    ...(ratio === undefined || rate !== undefined
      ? []
      : [`ratio HTTP orders/s ÷ pgbench tps (PostgreSQL): ${ratio.toFixed(2)}`]),
    ...notes,
    '',
  ].join('\n'),
);
process.exit(0);

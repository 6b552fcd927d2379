/**
 * bench/fanout at scale (issue 17): the clients live in network-namespace test hosts, each its own
 * address, and run on the other core than the server, so the figures say something about the
 * server rather than the load generator. In one run, with the same clients and ticks:
 *   1. a bare `ws` broadcast (the baseline),
 *   2. the real /prices namespace on one node,
 *   3. the same on two nodes sharing Redis, the ticks fed into one, the clients split across both.
 * Needs root (ip netns) and Redis for the third.
 *
 *   npm run fanout-netns -w @openbroker/bench -- [clients=5000] [hosts=5] [instruments=2000] [ticksPerSecond=0.1] [seconds=20]
 *
 * Cores: the server processes get core 0 (both nodes share it in the two-node run: the same server
 * budget as one node), every client process core 1 (`taskset`), all at nice -10.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestHosts, removeTestHosts, type TestHost } from './netns.ts';
import { profileMarkdown, summariseProfile } from './profile.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const [clientsArg = '5000', hostsArg = '5', instrumentsArg = '2000', rateArg = '0.1', secondsArg = '20'] =
  process.argv.slice(2);
const clients = Number(clientsArg);
const hostCount = Number(hostsArg);
const seconds = Number(secondsArg);
const BATCH_MS = 100;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SERVER_CORE = '0';
const CLIENT_CORE = '1';
/**
 * Servers and clients alike run at nice -10: the machine is shared with other work, and at the
 * default priority the figures would measure that work's load as much as the server.
 */
const NICE = process.env.BENCH_NICE ?? '-10';
const outDir = process.env.BENCH_OUT_DIR ?? path.join(tmpdir(), 'openbroker-fanout');
mkdirSync(outDir, { recursive: true });

const children = new Set<ChildProcess>();
/** Children first (a process inside a namespace keeps it busy), then the namespaces. */
function cleanUp(): void {
  for (const c of children) c.kill('SIGKILL');
  children.clear();
  removeTestHosts();
}
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => process.exit(130));
process.on('uncaughtException', (e) => {
  process.stderr.write(`${e.stack ?? e}\n`);
  process.exit(1);
});

/**
 * A bench process with an IPC channel; `prefix` runs it in a namespace and on a core. Open files:
 * the container's hard limit (20,000 here; root cannot raise it) is above the 5,000 sockets plus
 * Redis of a node and the 1,000 of a client process.
 */
function start(prefix: string[], file: string, args: string[], nodeArgs: string[] = []): ChildProcess {
  const command = [
    ...prefix,
    process.execPath,
    '--import',
    'tsx',
    ...nodeArgs,
    path.join(here, file),
    ...args,
  ];
  const child = spawn(command[0] ?? 'false', command.slice(1), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** A request to a child and its answer; a child that dies first fails the run instead of hanging it. */
function ask<T>(child: ChildProcess, msg: object, reply: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const died = (code: number | null) =>
      reject(new Error(`a bench process exited (${code}) before '${reply}'`));
    const on = (m: { type?: string }) => {
      if (m.type === reply) {
        child.off('message', on);
        child.off('exit', died);
        resolve(m as T);
      }
    };
    child.on('message', on);
    child.once('exit', died);
    child.send(msg);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

interface Stats {
  cpu: NodeJS.CpuUsage;
  rss: number;
  heap: number;
}
interface NodeResult {
  connections: number;
  /** Frames per second per connection of this node's clients. */
  perConnection: number;
  rssKb: number;
  heapKb: number;
  cpuPercent: number;
}
interface Result {
  label: string;
  framesPerSecond: number;
  perConnection: number;
  p50: number;
  p99: number;
  closed: number;
  clientCpuPercent: number;
  serverCpuPercent: number;
  nodes: NodeResult[];
  profile?: string;
}

type Mode = 'ws' | 'ws-deflate' | 'socketio' | 'redis';
/** How long the server may take after the last connection to send every snapshot and catch up. */
const SETTLE_MAX_MS = 60_000;

async function measure(mode: Mode, hosts: TestHost[], label: string, profile: boolean): Promise<Result> {
  const nodeCount = mode === 'redis' ? 2 : 1;
  const prefix = `bench-fanout-${process.pid}`;
  const env = (node: number) =>
    JSON.stringify({
      // Limits on as in production; each test host holds clients/hosts connections to a node.
      RATE_LIMITS: 'on',
      SOCKET_CONNECTIONS_PER_ADDRESS: String(Math.ceil(clients / hostCount)),
      ...(mode === 'redis'
        ? {
            REDIS_URL,
            REDIS_PREFIX: prefix,
            APP_SECRET: 'bench-fanout-secret-shared-by-both-nodes',
            // The feed (here: the bench ticker) on the first node only; the second gets its ticks on Redis.
            ROLES: node === 0 ? 'api,realtime,feed,risk,bots' : 'api,realtime',
          }
        : {}),
    });
  const servers = Array.from({ length: nodeCount }, (_, node) =>
    start(
      ['nice', '-n', NICE, 'taskset', '-c', SERVER_CORE],
      'server.ts',
      [
        mode === 'redis' ? 'socketio' : mode,
        instrumentsArg,
        rateArg,
        String(BATCH_MS),
        '0.0.0.0',
        env(node),
        node === 0 ? 'on' : 'off',
      ],
      ['--expose-gc', '--max-old-space-size=8192'],
    ),
  );
  const ports = await Promise.all(
    servers.map(
      (s) => new Promise<number>((resolve) => s.once('message', (m: { port: number }) => resolve(m.port))),
    ),
  );
  await sleep(3000);
  const idle = await Promise.all(servers.map((s) => ask<Stats>(s, { type: 'stats' }, 'stats')));

  // Every host holds the same number of clients, split evenly across the nodes.
  const perHost = Math.ceil(clients / hostCount);
  const workers: { proc: ChildProcess; node: number; count: number }[] = [];
  for (const host of hosts) {
    for (let node = 0; node < nodeCount; node++) {
      const count = Math.floor(perHost / nodeCount) + (node < perHost % nodeCount ? 1 : 0);
      const proc = start(
        ['ip', 'netns', 'exec', host.name, 'nice', '-n', NICE, 'taskset', '-c', CLIENT_CORE],
        'wireClient.ts',
        [mode === 'redis' ? 'socketio' : mode, host.serverAddress, String(ports[node]), String(count)],
        ['--max-old-space-size=4096'],
      );
      workers.push({ proc, node, count });
    }
  }
  const total = workers.reduce((a, w) => a + w.count, 0);
  const connectStart = Date.now();
  for (;;) {
    const counts = await Promise.all(
      workers.map((w) =>
        ask<{ connected: number; closed: number; refused: number }>(
          w.proc,
          { type: 'connected?' },
          'connected',
        ),
      ),
    );
    const connected = counts.reduce((a, c) => a + c.connected, 0);
    const refused = counts.reduce((a, c) => a + c.refused, 0);
    if (connected >= total) break;
    if (Date.now() - connectStart > 300_000) {
      throw new Error(`${label}: only ${connected} of ${total} connected after 300 s (${refused} refused)`);
    }
    await sleep(1000);
  }
  const connectSeconds = (Date.now() - connectStart) / 1000;
  // Settled: the snapshots are sent and any backlog drained, i.e. the servers' CPU is below 90% of
  // their core for three seconds in a row (or SETTLE_MAX_MS passed: a server that never gets there).
  const settleStart = Date.now();
  let calm = 0;
  let last = await Promise.all(servers.map((s) => ask<{ cpu: NodeJS.CpuUsage }>(s, { type: 'cpu' }, 'cpu')));
  while (calm < 3 && Date.now() - settleStart < SETTLE_MAX_MS) {
    const t0 = Date.now();
    await sleep(1000);
    const now = await Promise.all(
      servers.map((s) => ask<{ cpu: NodeJS.CpuUsage }>(s, { type: 'cpu' }, 'cpu')),
    );
    const used = now.reduce((a, n, i) => {
      const p = last[i]?.cpu ?? n.cpu;
      return a + (n.cpu.user + n.cpu.system - p.user - p.system) / 1000;
    }, 0);
    calm = used / (Date.now() - t0) < 0.9 ? calm + 1 : 0;
    last = now;
  }
  const settleSeconds = (Date.now() - settleStart) / 1000;
  const before = await Promise.all(servers.map((s) => ask<Stats>(s, { type: 'stats' }, 'stats')));
  const profileFiles = servers.map((_, i) =>
    path.join(outDir, `${label.replace(/\W+/g, '-')}-node${i}.cpuprofile`),
  );
  if (profile) await Promise.all(servers.map((s) => ask(s, { type: 'profile:start' }, 'profiling')));
  for (const w of workers) w.proc.send({ type: 'start' });
  await sleep(seconds * 1000);
  const results = await Promise.all(
    workers.map((w) =>
      ask<{ frames: number; latencies: number[]; closed: number; closedBefore: number; cpuMs: number }>(
        w.proc,
        { type: 'stop' },
        'result',
      ),
    ),
  );
  if (profile) {
    await Promise.all(
      servers.map((s, i) => ask(s, { type: 'profile:stop', file: profileFiles[i] }, 'profiled')),
    );
  }
  const after = await Promise.all(servers.map((s) => ask<Stats>(s, { type: 'stats' }, 'stats')));
  // And once the clients are gone: what the connections held is what a collection then frees.
  for (const w of workers) w.proc.kill('SIGKILL');
  await sleep(5000);
  const gone = await Promise.all(servers.map((s) => ask<Stats>(s, { type: 'stats' }, 'stats')));
  for (const s of servers) s.kill('SIGKILL');
  await sleep(1000);
  process.stdout.write(
    `${label}: memory MB idle/with clients/after they left: ${servers
      .map(
        (_, i) =>
          `node ${i} rss ${[idle, after, gone].map((x) => ((x[i]?.rss ?? 0) / 2 ** 20).toFixed(0)).join('/')} heap+external ${[idle, after, gone].map((x) => ((x[i]?.heap ?? 0) / 2 ** 20).toFixed(0)).join('/')}`,
      )
      .join('; ')}\n`,
  );

  const frames = results.reduce((a, r) => a + r.frames, 0);
  const latencies = results.flatMap((r) => r.latencies);
  const cpuMs = (s: Stats) => (s.cpu.user + s.cpu.system) / 1000;
  const nodes = servers.map((_, i) => {
    const connections = workers.filter((w) => w.node === i).reduce((a, w) => a + w.count, 0);
    const b = before[i] as Stats;
    const a = after[i] as Stats;
    const z = idle[i] as Stats;
    const g = gone[i] as Stats;
    const nodeFrames = results.reduce((sum, r, k) => sum + (workers[k]?.node === i ? r.frames : 0), 0);
    return {
      connections,
      perConnection: nodeFrames / seconds / connections,
      rssKb: (a.rss - z.rss) / 1024 / connections,
      heapKb: (a.heap - g.heap) / 1024 / connections,
      cpuPercent: ((cpuMs(a) - cpuMs(b)) / (seconds * 1000)) * 100,
    };
  });
  process.stdout.write(
    `${label}: connected in ${connectSeconds.toFixed(0)} s, settled in ${settleSeconds.toFixed(0)} s, ${results.reduce((a, r) => a + r.closedBefore, 0)} connections closed before the window${calm < 3 ? ' (did not settle: still over 90% CPU)' : ''}\n`,
  );
  return {
    label,
    framesPerSecond: frames / seconds,
    perConnection: frames / seconds / total,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    closed: results.reduce((a, r) => a + r.closed, 0),
    clientCpuPercent: (results.reduce((a, r) => a + r.cpuMs, 0) / (seconds * 1000)) * 100,
    serverCpuPercent: nodes.reduce((a, n) => a + n.cpuPercent, 0),
    nodes,
    profile: profile
      ? profileFiles.map((f, i) => `node ${i}:\n${profileMarkdown(summariseProfile(f))}`).join('\n\n')
      : undefined,
  };
}

const hosts = createTestHosts(hostCount);
const load = loadavg();
// BENCH_ONLY=redis (or a comma list) runs some scenarios alone, to look into one; the table needs all.
const only = process.env.BENCH_ONLY?.split(',');
const skipped: Result = {
  label: 'skipped',
  framesPerSecond: Number.NaN,
  perConnection: Number.NaN,
  p50: Number.NaN,
  p99: Number.NaN,
  closed: 0,
  clientCpuPercent: Number.NaN,
  serverCpuPercent: Number.NaN,
  nodes: [],
};
const run = (mode: Mode, label: string, profile: boolean) =>
  !only || only.includes(mode) ? measure(mode, hosts, label, profile) : Promise.resolve(skipped);
const ws = await run('ws', 'ws (baseline)', false);
const wsDeflate = await run('ws-deflate', "ws + the product's deflate", false);
const one = await run('socketio', 'socket.io /prices, one node', true);
const two = await run('redis', 'socket.io /prices, two nodes on Redis', true);

const perNode = (r: Result) => r.nodes.map((n) => n.perConnection.toFixed(2)).join(' / ');
const memory = (r: Result) => r.nodes.map((n) => `${n.rssKb.toFixed(1)}`).join(' / ');
const heap = (r: Result) => r.nodes.map((n) => `${n.heapKb.toFixed(1)}`).join(' / ');
const row = (r: Result) =>
  `| ${r.label} | ${r.framesPerSecond.toFixed(0)} | ${perNode(r)} | ${(r.framesPerSecond / ws.framesPerSecond).toFixed(2)} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.closed} | ${r.serverCpuPercent.toFixed(0)}% | ${r.clientCpuPercent.toFixed(0)}% | ${memory(r)} | ${heap(r)} |`;
const report = [
  `fanout-netns: ${clients} clients in ${hostCount} network namespaces, ${instrumentsArg} instruments × ${rateArg} ticks/s, batch ${BATCH_MS} ms, ${seconds} s measured; server core ${SERVER_CORE}, clients core ${CLIENT_CORE}; nice ${NICE}; load average at start ${load.map((l) => l.toFixed(2)).join(' ')}`,
  '| server | frames/s delivered | per connection/s (per node) | × ws | p50 ms | p99 ms | closed | server CPU | client CPU | RSS KB/conn (per node) | live heap KB/conn (per node) |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  row(ws),
  row(wsDeflate),
  row(one),
  row(two),
  '',
  `## profile, ${one.label}`,
  one.profile ?? '',
  '',
  `## profile, ${two.label}`,
  two.profile ?? '',
  '',
].join('\n');
process.stdout.write(report);
writeFileSync(path.join(outDir, 'fanout-netns.md'), report);
process.exit(0);

/**
 * bench/fanout: N clients subscribed to all prices, the same ticks through the real /prices
 * namespace and through a bare `ws` broadcast, side by side in one run.
 *
 *   npm run fanout -w @openbroker/bench -- [clients=1000] [instruments=2000] [ticksPerSecond=1] [seconds=10]
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const [clientsArg = '1000', instrumentsArg = '2000', rateArg = '1', secondsArg = '10'] =
  process.argv.slice(2);
const clients = Number(clientsArg);
const seconds = Number(secondsArg);
const BATCH_MS = 100;
const WORKERS = 4;

interface Stats {
  cpu: NodeJS.CpuUsage;
  rss: number;
  heap: number;
}

const spawn = (file: string, args: string[], execArgv: string[] = []): ChildProcess =>
  fork(path.join(here, file), args, {
    execArgv: ['--import', 'tsx', ...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

function ask<T>(child: ChildProcess, msg: object, reply: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: { type?: string }) => {
      if (m.type === reply) {
        child.off('message', on);
        resolve(m as T);
      }
    };
    child.on('message', on);
    child.send(msg);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

async function measure(mode: 'ws' | 'socketio') {
  const server = spawn('server.ts', [mode, instrumentsArg, rateArg, String(BATCH_MS)], ['--expose-gc']);
  const { port } = await new Promise<{ port: number }>((resolve) => server.once('message', resolve));
  await sleep(500);
  const idle = await ask<Stats>(server, { type: 'stats' }, 'stats');
  const per = Math.ceil(clients / WORKERS);
  const workers = Array.from({ length: WORKERS }, () =>
    spawn('client.ts', [mode, String(port), String(per)]),
  );
  for (let waited = 0; waited < 120_000; waited += 500) {
    const counts = await Promise.all(
      workers.map((w) => ask<{ connected: number }>(w, { type: 'connected?' }, 'connected')),
    );
    if (counts.reduce((a, c) => a + c.connected, 0) >= per * WORKERS) break;
    await sleep(500);
  }
  await sleep(2000);
  const before = await ask<Stats>(server, { type: 'stats' }, 'stats');
  for (const w of workers) w.send({ type: 'start' });
  await sleep(seconds * 1000);
  const results = await Promise.all(
    workers.map((w) => ask<{ frames: number; latencies: number[] }>(w, { type: 'stop' }, 'result')),
  );
  const after = await ask<Stats>(server, { type: 'stats' }, 'stats');
  for (const w of workers) w.kill();
  server.kill();
  const frames = results.reduce((a, r) => a + r.frames, 0);
  const latencies = results.flatMap((r) => r.latencies);
  const cpuMs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000;
  return {
    mode,
    framesPerSecond: frames / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    serverCpuPercent: (cpuMs / (seconds * 1000)) * 100,
    kbPerConnection: (after.rss - idle.rss) / 1024 / (per * WORKERS),
    heapKbPerConnection: (after.heap - idle.heap) / 1024 / (per * WORKERS),
  };
}

const ws = await measure('ws');
const sio = await measure('socketio');
const row = (r: typeof ws) =>
  `| ${r.mode} | ${r.framesPerSecond.toFixed(0)} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.serverCpuPercent.toFixed(0)}% | ${r.kbPerConnection.toFixed(1)} | ${r.heapKbPerConnection.toFixed(1)} |`;
process.stdout.write(
  [
    `fanout: ${clients} clients, ${instrumentsArg} instruments × ${rateArg} ticks/s, batch ${BATCH_MS} ms, ${seconds} s measured`,
    '| server | frames/s delivered | p50 ms | p99 ms | server CPU | RSS KB/conn | live heap KB/conn |',
    '|---|---|---|---|---|---|---|',
    row(ws),
    row(sio),
    `ratio socket.io / ws frames: ${(sio.framesPerSecond / ws.framesPerSecond).toFixed(2)}`,
    '',
  ].join('\n'),
);
process.exit(0);

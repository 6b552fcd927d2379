/**
 * bench/advisors: 1,000 running Expert Advisors on one node (issue 16, DESIGN §13) against a
 * baseline node with none, each in its own process on a freshly seeded database, both with the
 * simulated feed publishing over the whole catalogue at its own rate.
 *
 *   npx tsx advisors/run.ts [pglite | postgres://…] [advisors=1000] [warmupSeconds=15] [seconds=60]
 *   (from bench/)
 *
 * Tick → decision: from the publish of a tick's batch on the bus to the moment every engine trading
 * that instrument has decided on the tick (the runner's observer), µs, in an HDR histogram. The
 * feed's rate is held when the ticks published per second with the advisors match the baseline's
 * (the simulated source emits per step; a step that runs late loses ticks, it never queues them).
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AdvisorsMeasured } from './measure.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const [target = 'pglite', advisors = '1000', warmup = '15', seconds = '60'] = process.argv.slice(2);

function measure(n: string): Promise<AdvisorsMeasured> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, 'measure.ts'), [target, n, warmup, seconds], {
      execArgv: ['--expose-gc', '--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let message: AdvisorsMeasured | undefined;
    child.on('message', (m) => {
      message = m as AdvisorsMeasured;
    });
    child.on('exit', (code) =>
      message && code === 0 ? resolve(message) : reject(new Error(`${n} advisors exited with ${code}`)),
    );
  });
}

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
console.log(
  `${new Date().toISOString()}, nproc ${os.cpus().length}, Node ${process.version}, load ${load()}`,
);
const baseline = await measure('0');
const loaded = await measure(advisors);
console.log(`load at the end ${load()}`);

const f1 = (x: number) => x.toFixed(1);
const f0 = (x: number) => x.toFixed(0);
console.log(
  `\n${target === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${loaded.advisors} advisors on ${loaded.instruments} instruments (${loaded.legs} legs), ${f0(loaded.seconds)} s measured after ${warmup} s\n`,
);
console.log(
  '| node | ticks/s published | of the feed’s rate | ticks/s decided | engine decisions/s | tick → decision p50 µs | p99 µs | max µs | publish → all handlers p50 µs | p99 µs | event loop p99 ms | CPU | orders/s | heap MB |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const [name, m] of [
  ['0 advisors (baseline)', baseline],
  [`${m0(loaded)} advisors`, loaded],
] as const) {
  console.log(
    `| ${name} | ${f0(m.publishedPerSecond)} | ${f1((m.publishedPerSecond / m.expectedPerSecond) * 100)}% | ${f0(m.decidedPerSecond)} | ${f0(m.legDecisionsPerSecond)} | ${m.decision.n ? f0(m.decision.p50) : '–'} | ${m.decision.n ? f0(m.decision.p99) : '–'} | ${m.decision.n ? f0(m.decision.max) : '–'} | ${f0(m.publish.p50)} | ${f0(m.publish.p99)} | ${f1(m.eventLoop.p99)} | ${f0(m.cpuPercent)}% | ${f1(m.ordersPerSecond)} | ${f0(m.heapMb)} |`,
  );
}
console.log(
  `\nRatios advisors / baseline: ticks published ${(loaded.publishedPerSecond / baseline.publishedPerSecond).toFixed(3)}, publish p99 ${(loaded.publish.p99 / baseline.publish.p99).toFixed(2)}, event loop p99 ${(loaded.eventLoop.p99 / baseline.eventLoop.p99).toFixed(2)}`,
);
console.log(
  `Set-up (seed, customers, runs started through the service): ${f0(loaded.setupSeconds)} s; decisions logged ${loaded.decisionsLogged}; role stopped and taken again, every run resumed in ${loaded.resumeSeconds.toFixed(2)} s`,
);

function m0(m: AdvisorsMeasured): string {
  return m.advisors.toLocaleString('en-US');
}

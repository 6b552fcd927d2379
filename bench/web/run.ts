import { execSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../../e2e/src/browser.ts';
import { type RunningServer, startServer } from '../../e2e/src/server.ts';
import { scriptsForRoot } from './browserBundle.ts';
import { formatBundle, INITIAL_JS_TARGET_KB, measureBundle } from './bundle.ts';
import { writeReplayFile } from './feed.ts';
import {
  INPUT_DELAY_TARGET_MS,
  LONG_TASK_TARGET_MS,
  measureTerminal,
  type TerminalResult,
  type WindowStats,
} from './terminal.ts';

/**
 * Issue 6 web targets. `npm run build -w @openbroker/web` first; then
 * `npm run web -w @openbroker/bench` (env: WEB_WINDOW_MS, default 10000).
 */
const ROWS = 2_000;
const PER_ROW_PER_S = 10;
const WINDOW_MS = Number(process.env.WEB_WINDOW_MS ?? 10_000);
/** Long enough to cover server start, login and both measurement windows of one scenario. */
const REPLAY_SECONDS = 150;

const kb = (b: number) => (b / 1024).toFixed(1);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

console.log(`# web bench ${new Date().toISOString()}`);
console.log(`nproc ${execSync('nproc').toString().trim()}, node ${process.version}, load ${load()}`);

const bundle = await measureBundle();
console.log('\n## bundle (apps/web/dist)\n');
console.log(formatBundle(bundle));
console.log(
  `\ninitial JS: gzip ${kb(bundle.total.gzip)} KB, brotli ${kb(bundle.total.brotli)} KB (target ≤ ${INITIAL_JS_TARGET_KB} KB)`,
);

const dir = await mkdtemp(path.join(tmpdir(), 'openbroker-web-bench-'));
const idleFile = path.join(dir, 'idle.csv');
const loadFile = path.join(dir, 'load.csv');
await writeReplayFile(idleFile, { instruments: 0, perSecond: 1, seconds: 1 });
const written = await writeReplayFile(loadFile, {
  instruments: ROWS,
  perSecond: PER_ROW_PER_S,
  seconds: REPLAY_SECONDS,
});
console.log(`\nreplay file: ${written.symbols} instruments, ${written.ticks} ticks over ${REPLAY_SECONDS} s`);

const browser = await launchBrowser();
const servers: RunningServer[] = [];
const withServer = async <T>(file: string, fn: (url: string) => Promise<T>): Promise<T> => {
  const server = await startServer({ FEED_REPLAY_FILE: file, PRICE_BATCH_MS: '100' });
  servers.push(server);
  try {
    return await fn(server.url);
  } finally {
    await server.stop();
    servers.splice(servers.indexOf(server), 1);
  }
};

try {
  const scripts = await withServer(idleFile, (url) => scriptsForRoot(browser, url));
  const initialSet = new Set(bundle.initial.map((f) => f.file));
  console.log('\n## `/` in Chromium (login page)\n');
  console.log('| script | initial set | raw KB | gzip KB | on the wire KB | content-encoding |');
  console.log('| --- | --- | ---: | ---: | ---: | --- |');
  for (const s of scripts) {
    console.log(
      `| ${s.url} | ${initialSet.has(s.url) ? 'yes' : 'lazy'} | ${kb(s.raw)} | ${kb(s.gzip)} | ${kb(s.transfer)} | ${s.contentEncoding} |`,
    );
  }
  const sum = (f: (s: (typeof scripts)[number]) => number) => scripts.reduce((t, s) => t + f(s), 0);
  console.log(
    `| **total (${scripts.length})** | | **${kb(sum((s) => s.raw))}** | **${kb(sum((s) => s.gzip))}** | **${kb(sum((s) => s.transfer))}** | |`,
  );

  const scenarios = [
    { name: 'idle feed, 4× CPU', file: idleFile, throttle: 4 },
    { name: '20,000 ticks/s, 4× CPU', file: loadFile, throttle: 4 },
    { name: '20,000 ticks/s, no throttling', file: loadFile, throttle: 1 },
  ];
  const results: TerminalResult[] = [];
  for (const s of scenarios) {
    console.log(`\nrunning: ${s.name} (load ${load()})`);
    const r = await withServer(s.file, (url) =>
      measureTerminal(browser, url, { name: s.name, throttle: s.throttle, windowMs: WINDOW_MS }),
    );
    results.push(r);
    console.log(JSON.stringify(r));
  }

  const w = (x: WindowStats) =>
    `${x.longTasks} | ${x.maxLongTaskMs.toFixed(0)} | ${x.blockingMsPerS.toFixed(1)} | ${x.framesPerS.toFixed(1)} | ${x.entriesPerS.toFixed(0)} | ${x.rowUpdatesPerS.toFixed(0)}`;
  console.log('\n## terminal (/mt4, Market Watch open, 1440×900)\n');
  console.log(
    '| scenario | window | long tasks | max long task ms | blocking ms/s | frames/s | prices/s received | DOM row updates/s |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    console.log(`| ${r.name} | passive ${r.passive.seconds.toFixed(1)} s | ${w(r.passive)} |`);
    console.log(`| ${r.name} | interacting ${r.interactive.seconds.toFixed(1)} s | ${w(r.interactive)} |`);
  }
  console.log(
    '\n| scenario | rows mounted (MW / WL of total) | interactions | event entries ≥16 ms | max input delay ms | max event duration ms | worst event |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | --- |');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.visibleRows.marketWatch} / ${r.visibleRows.watchList} of ${r.visibleRows.totalInstruments} | ${r.interactions} | ${r.eventEntries} | ${r.maxInputDelayMs.toFixed(0)} | ${r.maxEventDurationMs.toFixed(0)} | ${r.worstEvent} |`,
    );
  }
  console.log(
    `\ntargets: long task ≤ ${LONG_TASK_TARGET_MS} ms, input delay < ${INPUT_DELAY_TARGET_MS} ms (4× CPU, 20,000 ticks/s)`,
  );
  console.log(`load at end ${load()}`);
} finally {
  await browser.close();
  for (const s of servers) await s.stop();
  await rm(dir, { recursive: true, force: true });
}

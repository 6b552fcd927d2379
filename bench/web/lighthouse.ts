import { execSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { type Browser, chromium } from 'playwright-core';
import { DEMO, freePort, startServer } from '../../e2e/src/server.ts';

/**
 * Issue 17: Lighthouse on `/mt4` signed in, default mobile profile (simulated throttling: 4× CPU,
 * slow 4G), performance only. `npm run build -w @openbroker/web` first; then
 * `npm run lighthouse -w @openbroker/bench` (env LIGHTHOUSE_RUNS, default 3: the median is reported).
 *
 * The real server starts with its default feed (no replay file: what a deployment runs). The demo
 * customer signs in through the API before each run; Lighthouse sends that session cookie on every
 * request of the load (`extraHeaders`), so its own storage reset still gives a cold cache, as a
 * first visit has.
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const TARGET = { performance: 90, tbtMs: 200 };

interface AuditItem {
  url?: string;
  duration?: number;
  startTime?: number;
  total?: number;
  scripting?: number;
  scriptParseCompile?: number;
  wastedBytes?: number;
  totalBytes?: number;
  groupLabel?: string;
}

/** A fresh session for each run (the cookie of the one before may have been rotated or ended). */
async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (res.status !== 200 || !cookie) throw new Error(`demo sign-in failed: ${res.status}`);
  return cookie;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const short = (url: string | undefined) => (url ? url.replace(/^https?:\/\/[^/]+/, '') || '/' : '(none)');

console.log(`# lighthouse ${new Date().toISOString()}`);
console.log(`nproc ${execSync('nproc').toString().trim()}, node ${process.version}, load ${load()}`);

/** A fresh headless Chromium per run, with a DevTools port for Lighthouse: no state carried over. */
async function launchWithPort(): Promise<{ port: number; browser: Browser }> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      `--remote-debugging-port=${port}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  return { port, browser };
}

const server = await startServer();
try {
  const url = `${server.url}/mt4`;
  const results: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'][] = [];
  for (let run = 1; run <= RUNS; run++) {
    console.log(`run ${run}/${RUNS} (load ${load()})`);
    const cookie = await signIn(server.url);
    const { port, browser } = await launchWithPort();
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: { Cookie: cookie },
    }).finally(() => browser.close());
    if (!result) throw new Error('lighthouse returned nothing');
    const lhr = result.lhr;
    if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.endsWith('/mt4')) {
      throw new Error(`not signed in: ended on ${lhr.finalDisplayedUrl}`);
    }
    results.push(lhr);
    const file = path.join(tmpdir(), `openbroker-lighthouse-${run}.json`);
    await writeFile(file, JSON.stringify(lhr));
    const ms = (id: string) => (lhr.audits[id]?.numericValue ?? Number.NaN).toFixed(0);
    console.log(
      `  score ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, TBT ${ms('total-blocking-time')} ms, ` +
        `LCP ${ms('largest-contentful-paint')} ms, FCP ${ms('first-contentful-paint')} ms, ` +
        `TTI ${ms('interactive')} ms, CLS ${(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)} (${file})`,
    );
  }

  // The run with the median score stands for all of them (Lighthouse's own advice for variance).
  const sorted = [...results].sort(
    (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
  );
  const lhr = sorted[Math.floor(sorted.length / 2)];
  if (!lhr) throw new Error('no runs');
  const audit = (id: string) => lhr.audits[id];
  const value = (id: string) => audit(id)?.numericValue ?? Number.NaN;
  const items = (id: string): AuditItem[] => {
    const details = audit(id)?.details;
    return details && 'items' in details ? (details.items as AuditItem[]) : [];
  };

  console.log(`\n## /mt4 signed in, mobile (median of ${results.length} by score)\n`);
  console.log('| metric | value |');
  console.log('| --- | ---: |');
  console.log(`| performance score | ${Math.round((lhr.categories.performance?.score ?? 0) * 100)} |`);
  console.log(`| total blocking time | ${value('total-blocking-time').toFixed(0)} ms |`);
  console.log(`| largest contentful paint | ${value('largest-contentful-paint').toFixed(0)} ms |`);
  console.log(`| first contentful paint | ${value('first-contentful-paint').toFixed(0)} ms |`);
  console.log(`| speed index | ${value('speed-index').toFixed(0)} ms |`);
  console.log(`| time to interactive | ${value('interactive').toFixed(0)} ms |`);
  console.log(`| cumulative layout shift | ${value('cumulative-layout-shift').toFixed(3)} |`);
  console.log(`| max potential FID | ${value('max-potential-fid').toFixed(0)} ms |`);
  console.log(
    `| all runs: score / TBT ms | ${results
      .map(
        (r) =>
          `${Math.round((r.categories.performance?.score ?? 0) * 100)} / ${(r.audits['total-blocking-time']?.numericValue ?? 0).toFixed(0)}`,
      )
      .join(', ')} |`,
  );

  console.log('\nlong tasks (simulated, top 10):');
  for (const t of items('long-tasks').slice(0, 10))
    console.log(
      `  ${(t.duration ?? 0).toFixed(0).padStart(5)} ms at ${(t.startTime ?? 0).toFixed(0)} ms  ${short(t.url)}`,
    );
  console.log('\nbootup time by script (top 10, ms total / scripting / parse+compile):');
  for (const b of items('bootup-time').slice(0, 10))
    console.log(
      `  ${(b.total ?? 0).toFixed(0).padStart(5)} / ${(b.scripting ?? 0).toFixed(0)} / ${(b.scriptParseCompile ?? 0).toFixed(0)}  ${short(b.url)}`,
    );
  console.log('\nmain-thread work (ms):');
  for (const m of items('mainthread-work-breakdown').slice(0, 8))
    console.log(`  ${(m.duration ?? 0).toFixed(0).padStart(5)}  ${m.groupLabel ?? ''}`);
  console.log('\nunused JavaScript (top 10, KB wasted of KB transferred):');
  for (const u of items('unused-javascript').slice(0, 10))
    console.log(
      `  ${((u.wastedBytes ?? 0) / 1024).toFixed(1).padStart(6)} of ${((u.totalBytes ?? 0) / 1024).toFixed(1)}  ${short(u.url)}`,
    );
  const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
  console.log(
    `\ntargets: performance ≥ ${TARGET.performance} (${score >= TARGET.performance ? 'met' : 'not met'}), ` +
      `TBT ≤ ${TARGET.tbtMs} ms (${value('total-blocking-time') <= TARGET.tbtMs ? 'met' : 'not met'})`,
  );
  console.log(`load at end ${load()}`);
} finally {
  await server.stop();
}

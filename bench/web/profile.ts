import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../../e2e/src/browser.ts';
import { startServer } from '../../e2e/src/server.ts';
import { writeReplayFile } from './feed.ts';
import { loginDemo } from './login.ts';

/** Where the renderer's time goes under load: a 5 s CPU profile at 4× slowdown, self time by function. */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const dir = await mkdtemp(path.join(tmpdir(), 'openbroker-web-profile-'));
const file = path.join(dir, 'load.csv');
await writeReplayFile(file, { instruments: 2_000, perSecond: 10, seconds: 90 });
const server = await startServer({ FEED_REPLAY_FILE: file, PRICE_BATCH_MS: '100' });
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await loginDemo(page, server.url);
  await page.goto(`${server.url}/mt4`);
  await page.getByRole('button', { name: 'Market Watch', exact: true }).click();
  await page.locator('[data-testid="market-watch"] [role="option"]').first().waitFor({ timeout: 30_000 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.waitForTimeout(2_000);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.waitForTimeout(5_000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    if (!n) return;
    const f = n.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber}:${f.columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
  for (const [k, us] of top)
    console.log(
      `${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`,
    );
  // JavaScript self time by script (chunk), so the chart, React and the app's own code stand apart.
  const byScript = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const f = byId.get(id)?.callFrame;
    if (!f?.url) return;
    const file = f.url.split('/').pop() ?? f.url;
    byScript.set(file, (byScript.get(file) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  console.log('\nJS self time by script:');
  for (const [k, us] of [...byScript.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10))
    console.log(`${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);

  // Renderer main-thread breakdown from a 5 s timeline trace (durations by event name; nested ones overlap).
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'v8.execute', 'blink'] });
  await page.waitForTimeout(5_000);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: {
      name: string;
      ph: string;
      dur?: number;
      tid: number;
      pid: number;
      ts?: number;
      args?: { name?: string };
    }[];
  };
  const main = trace.traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const byName = new Map<string, { ms: number; n: number }>();
  for (const e of trace.traceEvents) {
    if (!main || e.tid !== main.tid || e.pid !== main.pid || e.ph !== 'X' || !e.dur) continue;
    const v = byName.get(e.name) ?? { ms: 0, n: 0 };
    v.ms += e.dur / 1000;
    v.n += 1;
    byName.set(e.name, v);
  }
  console.log('\nmain thread, 5 s trace (ms, count):');
  for (const [k, v] of [...byName.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 20))
    console.log(`${v.ms.toFixed(0).padStart(7)} ms ${String(v.n).padStart(6)}×  ${k}`);

  // Long tasks: the main thread's top-level tasks over 50 ms, and what the five longest held.
  const onMain = trace.traceEvents.filter(
    (e): e is typeof e & { dur: number; ts: number } =>
      !!main && e.tid === main.tid && e.pid === main.pid && e.ph === 'X' && !!e.dur && e.ts !== undefined,
  );
  const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask');
  const long = tasks.filter((t) => t.dur > 50_000).sort((a, b) => b.dur - a.dur);
  const blocking = long.reduce((sum, t) => sum + t.dur / 1000 - 50, 0);
  console.log(
    `\nlong tasks in the trace: ${long.length} over 50 ms, max ${((long[0]?.dur ?? 0) / 1000).toFixed(0)} ms, ` +
      `${(blocking / 5).toFixed(0)} ms blocking per second; ${tasks.length} tasks`,
  );
  const inside = [
    'FunctionCall',
    'FireAnimationFrame',
    'RunMicrotasks',
    'UpdateLayoutTree',
    'Layout',
    'Paint',
    'PrePaint',
    'Layerize',
    'EventDispatch',
    'HitTest',
    'ParseHTML',
    'TimerFire',
    'GCEvent',
    'MinorGC',
    'MajorGC',
  ];
  for (const t of long.slice(0, 5)) {
    const parts = new Map<string, number>();
    for (const e of onMain) {
      if (e === t || e.ts < t.ts || e.ts + e.dur > t.ts + t.dur || !inside.includes(e.name)) continue;
      parts.set(e.name, (parts.get(e.name) ?? 0) + e.dur / 1000);
    }
    const held = [...parts.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
      .join(', ');
    console.log(`  ${(t.dur / 1000).toFixed(0)} ms: ${held}`);
  }
} finally {
  await browser.close();
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}

/**
 * bench/risk: the risk engine's trigger index (DESIGN §7) against linear scans that ask the
 * domain functions (`slTpTriggered`, `pendingTriggered`) about every trigger, over one recorded
 * tick stream. What fired must agree trade for trade (asserted).
 *
 *   npm run risk -w @openbroker/bench -- [symbols=2000] [positions=100000] [pending=50000] [ticks=200000] [seed=1]
 *
 * - index: `TriggerIndex.crossed` on every tick.
 * - per-symbol scan: one array of triggers per symbol; the ticked symbol's array is scanned in
 *   full on every tick (the realistic alternative to the index).
 * - full scan: every trigger of every symbol on every tick (the scan DESIGN §7 rules out), timed
 *   on the first 2,000 ticks only, beside the index over the same prefix.
 *
 * "Quiet" ticks are those on which nothing fired during the replay; they are timed by replaying
 * them once more against the end state, where they still fire nothing (asserted). Each structure
 * runs in its own process (measure.ts): warm-up replays, then the median of several runs, each on
 * a freshly built structure after a full garbage collection.
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Measured, MeasureMessage, Structure } from './measure.ts';
import { loadScenario, type Scenario } from './scenario.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const [symbols = '2000', positions = '100000', pending = '50000', ticksArg = '200000', seed = '1'] =
  process.argv.slice(2);
const scenario: Scenario = {
  symbols: Number(symbols),
  positions: Number(positions),
  pending: Number(pending),
  ticks: Number(ticksArg),
  seed: Number(seed),
};
const RUNS = 5;
const FULL_SCAN_TICKS = Math.min(2_000, scenario.ticks);
const FULL_SCAN_RUNS = 3;

// Record the tick stream once (or find it recorded), before the measuring processes replay it.
const book = loadScenario(scenario);

function measure(structure: Structure, ticks: number, runs: number): Promise<MeasureMessage> {
  return new Promise((resolve, reject) => {
    const child = fork(
      path.join(here, 'measure.ts'),
      [structure, String(ticks), String(runs), symbols, positions, pending, ticksArg, seed],
      { execArgv: ['--expose-gc', '--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    let message: MeasureMessage | undefined;
    child.on('message', (m) => {
      message = m as MeasureMessage;
      child.disconnect();
    });
    child.on('exit', (code) =>
      message && code === 0 ? resolve(message) : reject(new Error(`${structure} exited with ${code}`)),
    );
  });
}

function sameFired(a: MeasureMessage, b: MeasureMessage, what: string): void {
  const other = new Map(b.fired);
  if (a.fired.length !== other.size)
    throw new Error(`${what}: ${a.fired.length} fired against ${other.size}`);
  for (const [id, kind] of a.fired) {
    if (other.get(id) !== kind)
      throw new Error(`${what}: trade ${id} fired ${kind} against ${other.get(id)}`);
  }
}

const index = await measure('index', scenario.ticks, RUNS);
const perSymbol = await measure('per-symbol', scenario.ticks, RUNS);
sameFired(index, perSymbol, 'index against per-symbol scan');
const indexPrefix = await measure('index', FULL_SCAN_TICKS, RUNS);
const full = await measure('full', FULL_SCAN_TICKS, FULL_SCAN_RUNS);
sameFired(indexPrefix, full, 'index against full scan');

const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const row = (name: string, m: Measured, ref: Measured) =>
  `| ${name} | ${m.ticks} | ${m.quietTicks} | ${fmt(m.quietNs)} | ${fmt(m.allNs)} | ${m.fired} | ${fmt(m.quietNs / ref.quietNs)}× | ${fmt(m.allNs / ref.allNs)}× |`;
const i = index.result;
const p = perSymbol.result;
const ip = indexPrefix.result;
const f = full.result;

process.stdout.write(
  [
    `risk: ${scenario.symbols} symbols, ${scenario.positions} positions with SL and TP, ${scenario.pending} pending orders (${i.levels} levels), ${scenario.ticks} ticks, seed ${scenario.seed}`,
    `ticks: ${path.relative(process.cwd(), book.file)} (${book.recorded ? 'recorded now' : 'replayed'}); node ${process.version}, ${os.availableParallelism()} cores; medians of ${RUNS} runs (full scan: ${FULL_SCAN_RUNS})`,
    `index: ${fmt(i.buildNsPerSet)} ns per set() while building, ${fmt(i.heapBytesPerTrade)} bytes held per trade (JS heap and typed arrays)`,
    '',
    '| structure | ticks | quiet ticks | ns/tick quiet | ns/tick all | fired | quiet vs index | all vs index |',
    '|---|---|---|---|---|---|---|---|',
    row('TriggerIndex', i, i),
    row('per-symbol scan', p, i),
    row(`TriggerIndex, first ${FULL_SCAN_TICKS} ticks`, ip, ip),
    row(`full scan, first ${FULL_SCAN_TICKS} ticks`, f, ip),
    '',
    `fired trades equal: index ${i.fired} = per-symbol scan ${p.fired}; index ${ip.fired} = full scan ${f.fired} over the prefix`,
    `targets: quiet tick under 5 µs: ${i.quietNs < 5000 ? 'met' : 'NOT met'} (${fmt(i.quietNs)} ns); ≥ 100× the linear scan: full scan ${fmt(f.quietNs / ip.quietNs)}× quiet, ${fmt(f.allNs / ip.allNs)}× all; per-symbol scan ${fmt(p.quietNs / i.quietNs)}× quiet, ${fmt(p.allNs / i.allNs)}× all`,
    '',
  ].join('\n'),
);

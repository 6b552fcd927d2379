/**
 * Who used the machine's CPU during a window, from /proc (Linux): the whole machine, PostgreSQL
 * (every `postgres` process, plus what the postmaster collected from backends that ended), this
 * runner with the children it has reaped (autocannon runs in it; pgbench is reaped by it), the
 * server process, and every other process: the figure that says whether anything else (a test
 * run, a build) took CPU from the benchmark.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime + cutime + cstime of one process, in ms; 0 when it is gone. */
function processMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime is field 14 of the whole line.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [11, 12, 13, 14].reduce((a, i) => a + Number(f[i] ?? 0), 0) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU ms of every process (including children it has reaped), by pid, and which are PostgreSQL's. */
function processes(): { ms: Map<number, number>; postgres: Set<number> } {
  const ms = new Map<number, number>();
  const postgres = new Set<number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') postgres.add(pid);
      ms.set(pid, processMs(pid));
    } catch {
      // ended between the listing and the read
    }
  }
  return { ms, postgres };
}

/** Busy (user, nice, system, irq, softirq) ms of all CPUs together. */
function machineMs(): number {
  const [, user, nice, system, , , irq, softirq] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .map(Number);
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0)) * TICK_MS;
}

export interface CpuSnapshot {
  machine: number;
  serverPid: number | undefined;
  ms: Map<number, number>;
  postgres: Set<number>;
}

export function cpuSnapshot(serverPid?: number): CpuSnapshot {
  return { machine: machineMs(), serverPid, ...processes() };
}

/**
 * CPU ms used between two snapshots by PostgreSQL, this runner, the server and every other
 * process; `kernel` is the machine's busy time no process was charged with (mostly the loopback
 * network's softirq work).
 */
export function cpuBetween(a: CpuSnapshot, b: CpuSnapshot) {
  const used = { postgres: 0, runner: 0, server: 0, other: 0 };
  for (const [pid, ms] of b.ms) {
    const delta = ms - (a.ms.get(pid) ?? 0);
    if (b.postgres.has(pid)) used.postgres += delta;
    else if (pid === process.pid) used.runner += delta;
    else if (pid === b.serverPid) used.server += delta;
    else used.other += delta;
  }
  const charged = used.postgres + used.runner + used.server + used.other;
  return { ...used, kernel: Math.max(0, b.machine - a.machine - charged) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until the whole machine has been under `busyPercent` of one CPU for `seconds` in a row
 * (at most `maxSeconds`); false when it never was. For shared machines, where a test run or build
 * elsewhere would otherwise land in the measured window.
 */
export async function waitForQuiet(busyPercent = 15, seconds = 5, maxSeconds = 900): Promise<boolean> {
  let quiet = 0;
  for (let waited = 0; waited < maxSeconds; waited += 1) {
    const before = machineMs();
    await sleep(1000);
    quiet = machineMs() - before < busyPercent * 10 ? quiet + 1 : 0;
    if (quiet >= seconds) return true;
  }
  return false;
}

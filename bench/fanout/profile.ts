/**
 * Where a server's time goes: self time per function and per package from a V8 CPU profile
 * (the `.cpuprofile` format of `--cpu-prof` and the inspector's Profiler.stop).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** The package (or Node's own code, or V8's pseudo-frames) a frame belongs to. */
function packageOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return url === 'node:zlib' ? 'node:zlib' : 'node core';
  const at = url.indexOf('/apps/');
  if (at >= 0)
    return url
      .slice(at + 1)
      .split('/')
      .slice(0, 2)
      .join('/');
  if (url.includes('/packages/')) return 'packages/domain';
  if (url.includes('/bench/')) return 'bench';
  return url;
}

export interface ProfileSummary {
  totalMs: number;
  functions: { name: string; where: string; ms: number; percent: number }[];
  packages: { name: string; ms: number; percent: number }[];
}

export function summariseProfile(file: string, top = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, ProfileNode>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const fns = new Map<string, { name: string; where: string; us: number }>();
  const pkgs = new Map<string, number>();
  let total = 0;
  for (const [id, us] of self) {
    const node = byId.get(id);
    if (!node) continue;
    total += us;
    const { functionName, url, lineNumber } = node.callFrame;
    // A native function (no url) is charged to the package of its JS caller: zlib's `write` is
    // deflate, a socket's `writev` is the kernel send. Profiler.stop's own work is set apart.
    const caller = url ? undefined : parentOf.get(id)?.callFrame;
    const profilerItself = caller?.url === 'node:inspector';
    const name = profilerItself ? '(Profiler.stop itself)' : functionName || '(anonymous)';
    const file = url.split('/').slice(-2).join('/');
    const where = url
      ? `${file}:${lineNumber + 1}`
      : caller?.url
        ? `native, from ${caller.functionName} (${caller.url.split('/').slice(-2).join('/')})`
        : '';
    const key = `${name}@${where}`;
    const entry = fns.get(key) ?? { name, where, us: 0 };
    entry.us += us;
    fns.set(key, entry);
    const pkg = profilerItself
      ? '(profiler)'
      : caller?.url
        ? `${packageOf(caller.url, caller.functionName)} (native)`
        : packageOf(url, name);
    pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us);
  }
  const pct = (us: number) => (total > 0 ? (us / total) * 100 : 0);
  return {
    totalMs: total / 1000,
    functions: [...fns.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((f) => ({ name: f.name, where: f.where, ms: f.us / 1000, percent: pct(f.us) })),
    packages: [...pkgs.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, percent: pct(us) })),
  };
}

/** The summary as two Markdown tables. */
export function profileMarkdown(s: ProfileSummary): string {
  return [
    `profile: ${s.totalMs.toFixed(0)} ms sampled`,
    '| self time | % | function | where |',
    '|---|---|---|---|',
    ...s.functions.map((f) => `| ${f.ms.toFixed(0)} ms | ${f.percent.toFixed(1)} | ${f.name} | ${f.where} |`),
    '',
    '| self time | % | package |',
    '|---|---|---|',
    ...s.packages.map((p) => `| ${p.ms.toFixed(0)} ms | ${p.percent.toFixed(1)} | ${p.name} |`),
  ].join('\n');
}

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = path.join(REPO, 'apps/web/dist');
/** Issue 6: initial JavaScript for `/`, compressed. */
export const INITIAL_JS_TARGET_KB = 200;

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface BundleReport {
  initial: FileSize[];
  total: Omit<FileSize, 'file'>;
  lazy: FileSize[];
}

const kb = (bytes: number) => bytes / 1024;

export function sizes(file: string, body: Buffer): FileSize {
  return {
    file,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** The entry script and its modulepreload links: the JS `/` loads before any lazy route. */
export function initialScripts(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) if (m[1]) found.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    if (m[1]) found.add(m[1]);
  return [...found];
}

export async function measureBundle(): Promise<BundleReport> {
  const html = await readFile(path.join(DIST, 'index.html'), 'utf8');
  const initial: FileSize[] = [];
  for (const src of initialScripts(html)) {
    initial.push(sizes(src, await readFile(path.join(DIST, src.replace(/^\//, '')))));
  }
  const total = initial.reduce(
    (t, f) => ({ raw: t.raw + f.raw, gzip: t.gzip + f.gzip, brotli: t.brotli + f.brotli }),
    {
      raw: 0,
      gzip: 0,
      brotli: 0,
    },
  );
  const assets = await readdir(path.join(DIST, 'assets'));
  const lazy: FileSize[] = [];
  for (const name of assets.filter((a) => /^(TerminalPage|ChartPanel)-.*\.js$/.test(a)).sort()) {
    lazy.push(sizes(`/assets/${name}`, await readFile(path.join(DIST, 'assets', name))));
  }
  return { initial, total, lazy };
}

export function formatBundle(r: BundleReport): string {
  const row = (f: FileSize) =>
    `| ${f.file} | ${kb(f.raw).toFixed(1)} | ${kb(f.gzip).toFixed(1)} | ${kb(f.brotli).toFixed(1)} |`;
  const initialPaths = new Set(r.initial.map((f) => f.file));
  return [
    '| initial JS for `/` | raw KB | gzip KB | brotli KB |',
    '| --- | ---: | ---: | ---: |',
    ...r.initial.map(row),
    `| **total (${r.initial.length} files)** | **${kb(r.total.raw).toFixed(1)}** | **${kb(r.total.gzip).toFixed(1)}** | **${kb(r.total.brotli).toFixed(1)}** |`,
    '',
    '| lazy terminal chunks | raw KB | gzip KB | brotli KB |',
    '| --- | ---: | ---: | ---: |',
    ...r.lazy.map((f) => `${row(f)}${initialPaths.has(f.file) ? ' (IN INITIAL SET!)' : ''}`),
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = await measureBundle();
  console.log(formatBundle(r));
  console.log(
    `\ninitial JS gzip ${kb(r.total.gzip).toFixed(1)} KB, brotli ${kb(r.total.brotli).toFixed(1)} KB; target ≤ ${INITIAL_JS_TARGET_KB} KB`,
  );
}

#!/usr/bin/env node
// `npm start`: builds the web client when its sources are newer than its build (unless WEB_DIST_DIR
// names a client of your own), then runs the server as our one child. SIGINT, SIGTERM and SIGHUP sent
// to us are passed on to the child, and we exit with its code, so stopping `npm start` stops the
// server and frees its port (no orphan left behind).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(ROOT, 'apps/web');
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/** What the web build reads: its own sources and config, and the shared domain package. */
const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/domain/src',
].map((p) => path.join(ROOT, p));

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let most = s.mtimeMs;
  for (const entry of readdirSync(p)) most = Math.max(most, newest(path.join(p, entry)));
  return most;
}

function webIsStale() {
  const built = path.join(WEB, 'dist/index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return WEB_INPUTS.some((p) => newest(p) > builtAt);
}

let child;
let stopping;
for (const signal of SIGNALS) {
  process.on(signal, () => {
    stopping = signal;
    if (child && child.exitCode === null) child.kill(signal);
    else if (!child) process.exit(128 + constants.signals[signal]);
  });
}

/** Runs one child with our terminal and waits for it; resolves with its exit code (or 128 + signal). */
function run(command, args, options) {
  return new Promise((resolve, reject) => {
    child = spawn(command, args, { stdio: 'inherit', ...options });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      child = undefined;
      resolve(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  });
}

const npm = process.env.npm_execpath;
// A WEB_DIST_DIR of your own is served as it is; only the repository's client is built here.
if (!process.env.WEB_DIST_DIR && webIsStale()) {
  process.stdout.write('Building the web client…\n');
  const code = npm
    ? await run(process.execPath, [npm, 'run', 'build', '-w', '@openbroker/web'], { cwd: ROOT })
    : await run('npm', ['run', 'build', '-w', '@openbroker/web'], { cwd: ROOT });
  if (code !== 0 || stopping) process.exit(code === 0 ? 128 + constants.signals[stopping] : code);
}

// `node --import tsx` rather than the tsx CLI: the server is this child itself, not a grandchild.
const code = await run(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(ROOT, 'apps/server'),
  // A relative DATA_DIR means relative to where `npm start` was typed (config.ts reads INIT_CWD).
  env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() },
});
process.exit(code);

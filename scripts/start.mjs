#!/usr/bin/env node
// `npm start`: checks the port is free, builds what is stale (the web client unless WEB_DIST_DIR names a
// client of your own; the server bundle apps/server/dist/main.js), then runs the compiled server with
// `node` as our one child. SIGINT, SIGTERM and SIGHUP sent to us are passed on to the child, and we exit
// with its code, so stopping `npm start` stops the server and frees its port (no orphan left behind).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(ROOT, 'apps/web');
const SERVER = path.join(ROOT, 'apps/server');
const SERVER_BUNDLE = path.join(SERVER, 'dist/main.js');
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
/** What the server bundle is made of: its sources, the domain package, the bundler and the installed packages. */
const SERVER_INPUTS = [
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'package.json',
  'package-lock.json',
].map((p) => path.join(ROOT, p));

/** Newest modification time under `p`; tests are not part of any build, so editing one rebuilds nothing. */
function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return /\.test\.tsx?$/.test(p) ? 0 : s.mtimeMs;
  let most = s.mtimeMs;
  for (const entry of readdirSync(p)) most = Math.max(most, newest(path.join(p, entry)));
  return most;
}

function isStale(built, inputs) {
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return inputs.some((p) => newest(p) > builtAt);
}

/** PORT and HOST as the server will read them; a PORT it would refuse is left for it to report. */
function listenAddress() {
  const port = process.env.PORT?.trim() || '8080';
  const host = process.env.HOST?.trim() || '0.0.0.0';
  return /^\d+$/.test(port) && Number(port) >= 1 && Number(port) <= 65535
    ? { port: Number(port), host }
    : null;
}

/** Resolves with the listen error's code (EADDRINUSE, EACCES…) or null when the port can be bound. */
function probePort({ port, host }) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (e) => resolve(e.code ?? 'error'));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
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

// A port already in use is reported now, not after a build and a database start.
const address = listenAddress();
const refused = address && (await probePort(address));
if (refused) {
  const why =
    refused === 'EADDRINUSE'
      ? 'is already in use by another program (another OpenBroker?); stop it or set PORT to a free port.'
      : `cannot be listened on (${refused}; ports below 1024 need privileges: use 8080 behind a reverse proxy, see deploy/).`;
  process.stderr.write(`OpenBroker cannot start.\nPORT: ${address.port} on ${address.host} ${why}\n`);
  process.exit(1);
}

const npm = process.env.npm_execpath;
/** `npm run build -w <workspace>` with the npm that runs us (or the one on PATH). */
async function buildWorkspace(workspace) {
  const args = ['run', 'build', '-w', workspace];
  const code = npm
    ? await run(process.execPath, [npm, ...args], { cwd: ROOT })
    : await run('npm', args, { cwd: ROOT });
  if (code !== 0 || stopping) process.exit(code === 0 ? 128 + constants.signals[stopping] : code);
}

let built = false;
// A WEB_DIST_DIR of your own is served as it is; only the repository's client is built here.
if (!process.env.WEB_DIST_DIR && isStale(path.join(WEB, 'dist/index.html'), WEB_INPUTS)) {
  process.stdout.write('Building the web client…\n');
  await buildWorkspace('@openbroker/web');
  built = true;
}
if (isStale(SERVER_BUNDLE, SERVER_INPUTS)) {
  process.stdout.write('Building the server…\n');
  await buildWorkspace('@openbroker/server');
  built = true;
}
if (!built) process.stdout.write('Web client and server are up to date; nothing to build.\n');

// The compiled server runs as this child itself (its pid is the server's), with source-mapped stacks.
const code = await run(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
  // Relative paths (DATA_DIR, FEED_REPLAY_FILE) mean relative to where `npm start` was typed.
  cwd: process.env.INIT_CWD ?? process.cwd(),
  env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() },
});
process.exit(code);

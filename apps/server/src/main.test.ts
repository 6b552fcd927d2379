import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 17: a port already in use is reported before anything is built or seeded, by `npm start`
 * (scripts/start.mjs) and by the server itself (a container or systemd runs main directly).
 */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(SERVER_DIR, '../..');

function run(args: string[], cwd: string, env: Record<string, string>) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

describe('a port already in use', () => {
  let holder: Server;
  let port: number;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ob-port-'));
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    port = (holder.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise((r) => holder.close(r));
    await rm(dir, { recursive: true, force: true });
  });

  const expected = () =>
    `OpenBroker cannot start.\nPORT: ${port} on 127.0.0.1 is already in use by another program (another OpenBroker?); stop it or set PORT to a free port.`;

  it('npm start says so and exits 1 before building anything', async () => {
    const got = await run(['scripts/start.mjs'], ROOT, {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
    });
    expect(got.code).toBe(1);
    expect(got.stderr.trim()).toBe(expected());
    expect(got.stdout).not.toMatch(/Building/);
  });

  it('the server says so and exits 1 before opening or seeding the database', async () => {
    const got = await run(['--import', 'tsx', 'src/main.ts'], SERVER_DIR, {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    });
    expect(got.code).toBe(1);
    expect(got.stderr.trim()).toBe(expected());
    expect(existsSync(path.join(dir, 'pglite'))).toBe(false);
  }, 60_000);
});

it('a wrong LOG_FORMAT is reported with the other configuration mistakes', async () => {
  const got = await run(['--import', 'tsx', 'src/main.ts'], SERVER_DIR, {
    PORT: 'eighty',
    LOG_FORMAT: 'fancy',
  });
  expect(got.code).toBe(1);
  expect(got.stderr).toContain('PORT: must be a whole number from 1 to 65535 (got "eighty")');
  expect(got.stderr).toContain('LOG_FORMAT: must be json or pretty (got "fancy")');
}, 60_000);

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const STAFF = { email: 'staff@e2e.test', password: 'staff-password-e2e' };
export const DEMO = { email: 'demo@e2e.test', password: 'demo-password-e2e' };

export interface RunningServer {
  url: string;
  /** Calls the API as a non-browser client with a bearer token. */
  api<T = unknown>(
    method: string,
    urlPath: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; body: T }>;
  staffToken(): Promise<string>;
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy in 60 s:\n${log()}`);
}

/** Starts the real server (built client included) on a free port with a fresh data directory. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'openbroker-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SEED_STAFF_EMAIL: STAFF.email,
      SEED_STAFF_PASSWORD: STAFF.password,
      SEED_DEMO_EMAIL: DEMO.email,
      SEED_DEMO_PASSWORD: DEMO.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  await waitForHealth(url, child, () => out);

  const api: RunningServer['api'] = async (method, urlPath, body, token) => {
    const res = await fetch(`${url}/api/v1${urlPath}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as never };
  };

  return {
    url,
    api,
    async staffToken() {
      const res = await api<{ data: { token: string } }>('POST', '/auth/login', STAFF);
      if (res.status !== 200) throw new Error(`staff login failed: ${JSON.stringify(res.body)}`);
      return res.body.data.token;
    },
    output: () => out,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

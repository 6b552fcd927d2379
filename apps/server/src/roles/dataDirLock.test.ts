import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from './dataDirLock.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ob-dirlock-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A pid that is certainly dead: a child that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((r) => child.once('exit', r));
  return child.pid ?? 999_999;
}

describe('the data directory lock (PGlite: one process per DATA_DIR)', () => {
  it('writes our pid, refuses a second holder while we live, and is released', () => {
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    // The parent of this test runner stands in for another live OpenBroker process.
    writeFileSync(lock.file, `${process.ppid}\n`);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(
      `in use by another OpenBroker process (pid ${process.ppid})`,
    );
    writeFileSync(lock.file, `${process.pid}\n`);
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
    lock.release();

    // A lock another process took over meanwhile is left alone.
    const second = acquireDataDirLock(dir);
    writeFileSync(second.file, `${process.ppid}\n`);
    second.release();
    expect(readFileSync(second.file, 'utf8').trim()).toBe(String(process.ppid));
    writeFileSync(second.file, '');
  });

  it('takes over a lock whose process is dead, or an empty one', async () => {
    const file = path.join(dir, LOCK_FILE);
    writeFileSync(file, `${await deadPid()}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    writeFileSync(file, '');
    const again = acquireDataDirLock(dir);
    expect(readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    again.release();
  });

  it('a second server on the same DATA_DIR is refused with one clear line', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(path.join(dir, LOCK_FILE), `${holder.pid}\n`);
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: SERVER_DIR,
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', PORT: '1', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let err = '';
      child.stderr?.on('data', (d: Buffer) => {
        err += d.toString();
      });
      const code = await new Promise<number | null>((r) => child.once('exit', r));
      expect(code).toBe(1);
      expect(err.trim().split('\n')).toEqual([
        `OpenBroker cannot start: DATA_DIR: ${dir} is in use by another OpenBroker process (pid ${holder.pid}); stop it first, or set DATA_DIR or DATABASE_URL for this one.`,
      ]);
      // The refused process leaves the holder's lock alone.
      expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(holder.pid));
    } finally {
      holder.kill();
    }
  }, 60_000);
});

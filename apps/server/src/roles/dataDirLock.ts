import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'openbroker.lock';

/** Another live process has the data directory; main prints the message as the reason it cannot start. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still ours; safe to call more than once. */
  release(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PGlite is one process per data directory (DESIGN §1): the first process creates
 * `DATA_DIR/openbroker.lock` (exclusive create) with its pid; a second one is refused while that pid
 * lives. A lock left by a process that died (or by an earlier run with our own pid, as in a restarted
 * container) is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 5; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = readPid(file);
      if (holder !== undefined && holder !== process.pid && alive(holder)) {
        throw new DataDirLockedError(
          `DATA_DIR: ${dataDir} is in use by another OpenBroker process (pid ${holder}); stop it first, or set DATA_DIR or DATABASE_URL for this one.`,
        );
      }
      // Stale (or still being written by a process that is starting): a second look, then take it over.
      if (holder === undefined && attempt === 0) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
        continue;
      }
      try {
        unlinkSync(file);
      } catch (u) {
        if ((u as NodeJS.ErrnoException).code !== 'ENOENT') throw u;
      }
      continue;
    }
    try {
      writeSync(fd, `${process.pid}\n`);
    } finally {
      closeSync(fd);
    }
    let released = false;
    return {
      file,
      release() {
        if (released) return;
        released = true;
        if (readPid(file) !== process.pid) return;
        try {
          unlinkSync(file);
        } catch {
          // already gone
        }
      },
    };
  }
  throw new DataDirLockedError(
    `DATA_DIR: could not take the lock file ${file}; is another process starting?`,
  );
}

import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/** What a singleton role does while this node holds it. `stop` may come at any time after `start`. */
export interface RoleWork {
  start(): Promise<void> | void;
  stop(): Promise<void> | void;
}

export type SingletonState = 'waiting' | 'holding' | 'closed';

/** One singleton role (feed, risk, bots) on this node: held, waited for, or given up at shutdown. */
export interface Singleton {
  readonly name: string;
  state(): SingletonState;
  /** Makes the first attempt (resolves once the role runs or this node waits), then keeps trying. */
  run(): Promise<void>;
  /** Stops the work but keeps the lock, so no other node takes over yet (shutdown, step one). */
  stopWork(): Promise<void>;
  /** Stops the work, releases the lock and ends its connection; the role never restarts here. */
  close(): Promise<void>;
}

/**
 * Starts and stops a role's work one step at a time, so a loss that arrives while the role is still
 * starting stops it right after, and a stop never runs twice.
 */
function workRunner(work: RoleWork, name: string, log: FastifyBaseLogger) {
  let running = false;
  let chain: Promise<void> = Promise.resolve();
  const step = (fn: () => Promise<void>) => {
    chain = chain.then(fn, fn);
    return chain;
  };
  return {
    start: () =>
      step(async () => {
        if (running) return;
        running = true;
        await work.start();
      }),
    stop: () =>
      step(async () => {
        if (!running) return;
        running = false;
        try {
          await work.stop();
        } catch (e) {
          log.error({ err: e, role: name }, 'stopping a role failed');
        }
      }),
  };
}

/** PGlite: one process per data directory (a lock file makes sure), so the role is simply held. */
export function heldSingleton(name: string, work: RoleWork, log: FastifyBaseLogger): Singleton {
  const runner = workRunner(work, name, log);
  let state: SingletonState = 'waiting';
  return {
    name,
    state: () => state,
    async run() {
      if (state !== 'waiting') return;
      state = 'holding';
      await runner.start();
    },
    stopWork: () => runner.stop(),
    async close() {
      state = 'closed';
      await runner.stop();
    },
  };
}

export interface AdvisoryOptions {
  name: string;
  /** The fixed advisory lock key of this role. */
  key: number;
  /** A new client for the lock's own connection (never a pooled one: the lock belongs to the session). */
  connect: () => pg.Client;
  work: RoleWork;
  log: FastifyBaseLogger;
  /** How often a standby tries the lock and a holder checks its connection. */
  retryMs?: number;
}

/**
 * PostgreSQL: the node whose session holds `pg_try_advisory_lock(key)` runs the role; the others
 * wait as hot standbys and try again every `retryMs`. A holder that dies drops its connection, which
 * frees the lock for the next try of a standby. A holder whose connection fails (PostgreSQL restarted,
 * network gone) no longer holds the lock: it stops the work at once and goes back to waiting.
 */
export function advisorySingleton(opts: AdvisoryOptions): Singleton {
  const { name, key, log } = opts;
  const retryMs = opts.retryMs ?? 1_000;
  const runner = workRunner(opts.work, name, log);
  let state: SingletonState = 'waiting';
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let attempting: Promise<void> = Promise.resolve();
  let workStopped = false;

  /** The lock's connection is gone: whatever it held is released by PostgreSQL. */
  const lost = (which: pg.Client, why: string) => {
    if (which !== client) return;
    client = null;
    which.end().catch(() => undefined);
    if (state === 'holding') {
      state = 'waiting';
      log.warn({ role: name, reason: why }, 'lost the role lock; stopping the role and waiting');
      void runner.stop();
    }
  };

  const open = async (): Promise<pg.Client> => {
    const c = opts.connect();
    // An error on an idle connection is an event, not a throw: without a listener it would crash us.
    c.on('error', (e: Error) => lost(c, e.message));
    c.on('end', () => lost(c, 'connection ended'));
    client = c;
    try {
      await c.connect();
    } catch (e) {
      lost(c, (e as Error).message);
      throw e;
    }
    return c;
  };

  const attempt = async (): Promise<void> => {
    if (state === 'closed') return;
    try {
      const c = client ?? (await open());
      if (state === 'holding') {
        await c.query('select 1');
        return;
      }
      const res = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [key]);
      if (res.rows[0]?.ok !== true || (state as SingletonState) === 'closed' || c !== client) return;
      state = 'holding';
      log.info({ role: name }, 'took the role');
      if (workStopped) return;
      try {
        await runner.start();
      } catch (e) {
        log.error({ err: e, role: name }, 'the role failed to start; releasing it');
        // A half-started role must not keep the lock: dropping the connection frees it for another node.
        if (client) lost(client, 'start failed');
      }
    } catch (e) {
      const level = state === 'holding' ? 'error' : 'debug';
      log[level]({ err: (e as Error).message, role: name }, 'role lock connection failed');
      if (client) lost(client, (e as Error).message);
    }
  };

  const loop = () => {
    attempting = attempt().finally(() => {
      if (state !== 'closed') {
        timer = setTimeout(loop, retryMs);
        timer.unref();
      }
    });
    return attempting;
  };

  return {
    name,
    state: () => state,
    run: () => loop(),
    async stopWork() {
      workStopped = true;
      await runner.stop();
    },
    async close() {
      const wasHolding = state === 'holding';
      state = 'closed';
      clearTimeout(timer);
      await attempting;
      await runner.stop();
      const c = client;
      client = null;
      if (!c) return;
      c.removeAllListeners('end');
      if (wasHolding) await c.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
      await c.end().catch(() => undefined);
      if (wasHolding) log.info({ role: name }, 'released the role');
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Role } from '../config.ts';
import { advisorySingleton, heldSingleton, type RoleWork, type Singleton } from './singleton.ts';

/** Roles only one node runs at a time (DESIGN §1); `api` and `realtime` run on every node that names them. */
export const SINGLETON_ROLES = ['feed', 'risk', 'bots'] as const;
export type SingletonRole = (typeof SINGLETON_ROLES)[number];

/** One fixed advisory lock key per singleton ("OB" and a number), apart from the migrations' key. */
export const ROLE_LOCK_KEYS: Readonly<Record<SingletonRole, number>> = {
  feed: 0x4f42_0001,
  risk: 0x4f42_0002,
  bots: 0x4f42_0003,
};

const isSingleton = (r: Role): r is SingletonRole => (SINGLETON_ROLES as readonly string[]).includes(r);

/** The roles of this process, as `GET /health` reports them. */
export interface RoleStatus {
  /** What ROLES names. */
  readonly configured: readonly Role[];
  /** What this node runs now: its singletons held, plus `api` and `realtime`. */
  holding(): Role[];
  /** The singletons this node waits for as a standby. */
  waiting(): SingletonRole[];
}

export interface RoleSet extends RoleStatus {
  /** Takes (or starts waiting for) every configured singleton; resolves after the first attempt of each. */
  start(): Promise<void>;
  /** Stops one role's work and keeps its lock (shutdown: the feed stops before candles are flushed). */
  stopWork(role: SingletonRole): Promise<void>;
  /** Stops every role and releases the locks; idempotent. */
  close(): Promise<void>;
}

export interface RolesOptions {
  roles: readonly Role[];
  /** What each singleton does while held; a configured role without work is held and does nothing. */
  work: Partial<Record<SingletonRole, RoleWork>>;
  log: FastifyBaseLogger;
  /** PostgreSQL: elect through advisory locks, each on a connection of its own. Absent: simply held. */
  lockUrl?: string;
  retryMs?: number;
}

const idle: RoleWork = { start: () => undefined, stop: () => undefined };

/** The roles of one node: which run, which wait, and the order they stop in. */
export function createRoles(opts: RolesOptions): RoleSet {
  const { lockUrl, log } = opts;
  const singletons = new Map<SingletonRole, Singleton>();
  for (const role of opts.roles.filter(isSingleton)) {
    const work = opts.work[role] ?? idle;
    singletons.set(
      role,
      lockUrl
        ? advisorySingleton({
            name: role,
            key: ROLE_LOCK_KEYS[role],
            work,
            log,
            retryMs: opts.retryMs,
            connect: () =>
              new pg.Client({
                connectionString: lockUrl,
                connectionTimeoutMillis: 5_000,
                query_timeout: 5_000,
                keepAlive: true,
                application_name: `openbroker-${role}`,
              }),
          })
        : heldSingleton(role, work, log),
    );
  }
  let closing: Promise<void> | undefined;
  return {
    configured: opts.roles,
    holding: () => opts.roles.filter((r) => !isSingleton(r) || singletons.get(r)?.state() === 'holding'),
    waiting: () => [...singletons].filter(([, s]) => s.state() === 'waiting').map(([r]) => r),
    async start() {
      await Promise.all([...singletons.values()].map((s) => s.run()));
    },
    async stopWork(role) {
      await singletons.get(role)?.stopWork();
    },
    close() {
      // The feed first (no new prices), then the engines that act on them.
      closing ??= (async () => {
        for (const role of SINGLETON_ROLES) await singletons.get(role)?.close();
      })();
      return closing;
    },
  };
}

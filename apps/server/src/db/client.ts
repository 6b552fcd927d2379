import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as core from './schema.ts';
import * as bots from './schemaBots.ts';
import * as money from './schemaMoney.ts';

/** Every table: the core ones, money movement's and the bots' (each kept in its own file). */
const schema = { ...core, ...money, ...bots };
export type Schema = typeof schema;
/** One type for both engines, so services never know which one runs under them. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DbKind;
  /** The PostgreSQL pool, for work that needs one connection held (advisory locks); absent on PGlite. */
  pool?: pg.Pool;
  /** Runs one SQL string that needs no parameters (migrations' advisory lock, health). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Hides the password when a URL is printed in a message or a log line. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/** Opens PostgreSQL when a URL is given, else PGlite in `<dataDir>/pglite`, and proves the connection works. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** Told once per connection lost (PostgreSQL restarted, killed, failed over); optional. */
  onConnectionError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 20, connectionTimeoutMillis: 5000 });
    keepAliveThroughOutages(pool, opts.onConnectionError ?? (() => undefined));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const database: Database = {
      db,
      kind: 'postgres',
      pool,
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
    try {
      await database.ping();
    } catch (e) {
      await pool.end().catch(() => undefined);
      throw new DatabaseUnreachableError(
        `DATABASE_URL: cannot connect to ${redactUrl(opts.databaseUrl)} (${(e as Error).message || (e as NodeJS.ErrnoException).code})`,
      );
    }
    return database;
  }
  const dir = path.join(opts.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  return wrapPglite(await PGlite.create(dir));
}

/** Opens a throw-away in-memory PGlite (tests). */
export async function openMemoryDatabase(): Promise<Database> {
  return wrapPglite(await PGlite.create());
}

function wrapPglite(client: PGlite): Database {
  return {
    db: drizzlePglite({ client, schema }) as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/**
 * A lost connection must never crash the process (DESIGN §10: PostgreSQL restarted under load).
 * pg-pool listens for `error` only on idle clients; a client checked out (a drizzle transaction
 * between two queries, idle in transaction) that loses its server emits `error` with no listener,
 * which Node turns into an uncaught exception. Every client gets a listener of its own as it
 * connects; the failed query rejects on its own, the dead client is dropped when released
 * (pg-pool checks it is still queryable), and the next checkout opens a fresh connection.
 */
function keepAliveThroughOutages(pool: pg.Pool, report: (err: Error) => void): void {
  pool.on('error', () => undefined); // an idle client's error: already told by its own listener below
  pool.on('connect', (client) => {
    let reported = false;
    client.on('error', (err) => {
      if (reported) return;
      reported = true;
      report(err);
    });
  });
  const connect = pool.connect.bind(pool);
  // pool.query passes a callback and releases for itself; only a bare checkout needs the guard.
  pool.connect = ((callback?: Parameters<typeof connect>[0]) =>
    callback ? connect(callback) : connect().then(releasedWhenLost)) as typeof pool.connect;
}

/**
 * A checked-out client whose connection dies goes back to the pool (which drops it) at once, and a
 * second release is a no-op. drizzle's transaction sends `begin` before its try/finally, so a
 * connection lost at that moment was never released: each outage leaked a client, the pool shrank
 * and `end()` hung.
 */
function releasedWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const onEnd = () => client.release(new Error('Connection terminated while checked out'));
  client.once('end', onEnd);
  client.release = (err?: Error | boolean) => {
    client.off('end', onEnd);
    if (released) return;
    released = true;
    release(err);
  };
  return client;
}

export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { PgliteProxy } from './pgliteProxy.ts';
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
  // PGlite runs PostgreSQL on the thread that calls it: on a worker thread of its own, its work and
  // the HTTP server's use both cores. A dead worker is a dead database, as a crashed PGlite was in
  // this thread: the error is thrown where nothing catches it, so the process stops, saying why.
  // PGLITE_WORKER=0 keeps PGlite in this thread: the baseline bench/orders compares against.
  if (process.env.PGLITE_WORKER === '0') return wrapPglite(await PGlite.create(dir));
  return wrapPglite(
    await PgliteProxy.create({
      dataDir: dir,
      onCrash: (err) =>
        process.nextTick(() => {
          throw err;
        }),
    }),
  );
}

/**
 * Opens a throw-away in-memory PGlite (tests), in this thread: a test file opens a few and runs them
 * one query at a time, so a worker would only add start-up time. PGLITE_WORKER=1 runs them on a
 * worker instead, to prove the proxy under the whole server suite.
 */
export async function openMemoryDatabase(): Promise<Database> {
  if (process.env.PGLITE_WORKER === '1') return wrapPglite(await PgliteProxy.create());
  return wrapPglite(await PGlite.create());
}

/** PGlite itself or its worker-thread proxy: drizzle-orm/pglite calls only what both offer. */
function wrapPglite(client: PGlite | PgliteProxy): Database {
  return {
    db: drizzlePglite({ client: client as PGlite, schema }) as unknown as Db,
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

/**
 * One hot statement, written once (bench/RESULTS.md, Orders): the `name` lets PostgreSQL parse and
 * plan it once per connection (a node-postgres named statement); PGlite runs the text with its
 * parameters. A name must always go with the same text.
 */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

/** What node-postgres's pool and pool clients and PGlite (and its transaction) all answer. */
interface RowSource {
  query(q: unknown, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Runs `stmt` on the connection `on` stands for, and returns its rows as the driver parses them:
 * inside a drizzle transaction that transaction's own connection (the node-postgres PoolClient, or
 * PGlite's transaction), else the pool (or PGlite itself). For the few statements of the order path
 * that drizzle would otherwise rebuild and map on every call; everything else stays drizzle.
 * Map the columns yourself: a `bigint` column arrives as a string on node-postgres (select it
 * `::text`, or read it with `Number()`/`BigInt()`), timestamps as `Date`. On PGlite only
 * `query(text, params)` is used, so a PGlite on a worker thread works the same.
 */
export async function runStatement<R>(
  on: { readonly _: { readonly session: unknown } },
  stmt: Statement,
  values: unknown[],
): Promise<R[]> {
  // drizzle keeps the driver's client (or the transaction's checked-out client) on its session.
  const client = (on._.session as { client: RowSource }).client;
  const result =
    client instanceof pg.Client || client instanceof pg.Pool
      ? await client.query({ name: stmt.name, text: stmt.text, values })
      : await client.query(stmt.text, values);
  return result.rows as R[];
}

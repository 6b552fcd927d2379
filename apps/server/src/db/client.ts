import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema.ts';

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
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 20, connectionTimeoutMillis: 5000 });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
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

export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase, openMemoryDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';

/** The engine this test run targets: the `server-pg` Vitest project sets TEST_DB_ENGINE=postgres. */
export const TEST_ENGINE = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/** Where each PostgreSQL test database lives, for a second node's pool. */
const urls = new WeakMap<Database, string>();

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new PostgreSQL database
 * made beside TEST_DATABASE_URL's and dropped on close, so parallel files never share rows.
 */
export async function openTestDatabase(): Promise<Database> {
  if (TEST_ENGINE === 'pglite') {
    const database = await openMemoryDatabase();
    await runMigrations(database);
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `ob_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '/nonexistent' });
  await runMigrations(database);
  const opened: Database = {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
  urls.set(opened, url.toString());
  return opened;
}

/** Another pool on a PostgreSQL test database, as a second server node would open it. */
export async function openAnotherConnection(database: Database): Promise<Database> {
  const url = urls.get(database);
  if (!url) throw new Error('only a PostgreSQL test database can be shared by two nodes');
  return openDatabase({ databaseUrl: url, dataDir: '/nonexistent' });
}

import { mkdir } from 'node:fs/promises';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { type Database, DatabaseUnreachableError, openDatabase, redactUrl } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { seed } from './db/seed/index.ts';
import type { SeedLogin } from './db/seed/seedUsers.ts';
import { systemClock } from './lib/clock.ts';
import { createLogger } from './lib/logger.ts';
import { acquireDataDirLock, DataDirLockedError } from './roles/dataDirLock.ts';
import { createFeedRole } from './roles/feedRole.ts';

/** How long in-flight requests get to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

function printGeneratedLogins(logins: SeedLogin[]): void {
  const generated = logins.filter((l) => l.generatedPassword);
  if (generated.length === 0) return;
  const lines = generated.map((l) => `  ${l.role.padEnd(8)} ${l.email}  password: ${l.generatedPassword}`);
  process.stdout.write(
    `\nDemo logins created (passwords generated now and shown only this once):\n${lines.join('\n')}\n\n`,
  );
}

async function start(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  await mkdir(config.DATA_DIR, { recursive: true });
  // PGlite is one process per data directory: a second one is refused before it opens the files.
  const dirLock = config.DATABASE_URL ? null : acquireDataDirLock(config.DATA_DIR);
  process.once('exit', () => dirLock?.release());

  const database: Database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onConnectionError: (err) => logger.warn({ err }, 'database connection lost; the pool reconnects'),
  });
  // Background work (candle saves, risk executions) that meets a database outage must not take the
  // node down with it: the failure is logged and the work is retried by its own next round.
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection; still running'));
  logger.info(
    {
      database: database.kind,
      where: config.DATABASE_URL ? redactUrl(config.DATABASE_URL) : config.DATA_DIR,
    },
    'database open',
  );
  await runMigrations(database);
  printGeneratedLogins(await seed(database.db, config));

  const app = await buildApp({
    config,
    database,
    clock: systemClock,
    logger,
    roles: {
      feed: (market) => createFeedRole({ market, config, clock: systemClock, log: logger }),
      // On PostgreSQL other nodes may share the database: singletons are elected (DESIGN §1).
      lockUrl: database.kind === 'postgres' ? config.DATABASE_URL : undefined,
      start: false,
    },
  });

  /**
   * The order matters: no new prices, the forming candles saved, the engines stopped and their locks
   * released (a standby takes over at once), requests and sockets drained, and the database last.
   */
  const shutdown = async () => {
    await app.roles.stopWork('feed');
    await app.market.save();
    await app.roles.close();
    await app.close();
    await database.close();
    dirLock?.release();
  };
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.warn('shutdown grace period over; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    shutdown().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (e: unknown) => {
        logger.error({ err: e }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGHUP', () => stop('SIGHUP'));

  await app.listen({ port: config.PORT, host: config.HOST });
  await app.roles.start();
  logger.info(
    { roles: config.ROLES, holding: app.roles.holding(), waiting: app.roles.waiting() },
    `OpenBroker is running at ${config.PUBLIC_URL} (API ${config.PUBLIC_URL}/api/v1)`,
  );
}

start().catch((e: unknown) => {
  // Operator mistakes get one clear line, not a stack trace.
  if (e instanceof DataDirLockedError) {
    process.stderr.write(`OpenBroker cannot start: ${e.message}\n`);
  } else if (e instanceof ConfigError || e instanceof DatabaseUnreachableError) {
    process.stderr.write(`OpenBroker cannot start.\n${e.message}\n`);
  } else if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    process.stderr.write(`OpenBroker cannot start.\nPORT: ${(e as Error).message}\n`);
  } else {
    process.stderr.write(`OpenBroker cannot start: ${(e as Error).stack ?? String(e)}\n`);
  }
  process.exit(1);
});

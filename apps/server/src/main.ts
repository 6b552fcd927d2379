import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type Database, DatabaseUnreachableError, openDatabase, redactUrl } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { seed } from './db/seed/index.ts';
import type { SeedLogin } from './db/seed/seedUsers.ts';
import { bannerFields, formatBanner, type StartInfo } from './lib/banner.ts';
import { systemClock } from './lib/clock.ts';
import { consoleDestination, createLogger, type LogFormat, resolveLogFormat } from './lib/logger.ts';
import { acquireDataDirLock, DataDirLockedError } from './roles/dataDirLock.ts';
import { createFeedRole } from './roles/feedRole.ts';

/** How long in-flight requests get to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The configuration and the console format, every mistake in one report. LOG_FORMAT is read here, not
 * in config.ts, because only this entry point writes to the console.
 */
function loadStartConfig(env: NodeJS.ProcessEnv): { config: Config; logFormat: LogFormat } {
  const problems: string[] = [];
  let config: Config | undefined;
  try {
    config = loadConfig(env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    problems.push(...e.message.split('\n').slice(1));
  }
  let logFormat: LogFormat = 'json';
  try {
    logFormat = resolveLogFormat(env.LOG_FORMAT, process.stdout.isTTY === true);
  } catch (e) {
    problems.push(`  LOG_FORMAT: ${(e as Error).message} (got "${env.LOG_FORMAT}")`);
  }
  if (!config || problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return { config, logFormat };
}

/**
 * Binds and releases the port before the database is opened or seeded, so a port already in use is
 * reported in a second, not after migrations (the real listen can still lose a race; it says the same).
 */
function ensurePortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** The generated passwords, on stderr, when the start fails after the seed created them. */
function rescueLogins(logins: SeedLogin[]): void {
  const generated = logins.filter((l) => l.generatedPassword);
  if (generated.length === 0) return;
  const lines = generated.map((l) => `  ${l.role.padEnd(8)} ${l.email}  password: ${l.generatedPassword}`);
  process.stderr.write(`Logins created on this start (shown only this once):\n${lines.join('\n')}\n`);
}

function describeStart(
  config: Config,
  database: Database,
  logins: SeedLogin[],
): Omit<StartInfo, 'holding' | 'waiting'> {
  return {
    publicUrl: config.PUBLIC_URL,
    listening: `${config.HOST}:${config.PORT}`,
    database:
      database.kind === 'postgres' && config.DATABASE_URL
        ? `PostgreSQL ${redactUrl(config.DATABASE_URL)}`
        : `PGlite in ${path.join(config.DATA_DIR, 'pglite')}`,
    bus: config.REDIS_URL
      ? `Redis ${redactUrl(config.REDIS_URL)}`
      : 'in-process (one node; REDIS_URL for several)',
    mail: config.SMTP_URL
      ? `SMTP ${redactUrl(config.SMTP_URL)}`
      : 'outbox only, no SMTP_URL (staff read it at /api/v1/admin/outbox)',
    roles: config.ROLES,
    logins,
    paymentsSandbox: config.PAYMENTS_SANDBOX !== 'off',
  };
}

async function start(): Promise<void> {
  const { config, logFormat } = loadStartConfig(process.env);
  const colors = logFormat === 'pretty' && process.stdout.isTTY === true && !process.env.NO_COLOR;
  const logger = createLogger(config, consoleDestination(logFormat, colors));
  await mkdir(config.DATA_DIR, { recursive: true });
  // PGlite is one process per data directory: a second one is refused before it opens the files.
  const dirLock = config.DATABASE_URL ? null : acquireDataDirLock(config.DATA_DIR);
  process.once('exit', () => dirLock?.release());
  await ensurePortFree(config.PORT, config.HOST);

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
  const logins = await seed(database.db, config);

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

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (e) {
    rescueLogins(logins);
    throw e;
  }
  await app.roles.start();
  const info: StartInfo = {
    ...describeStart(config, database, logins),
    holding: app.roles.holding(),
    waiting: app.roles.waiting(),
  };
  if (logFormat === 'pretty') {
    process.stdout.write(formatBanner(info, colors));
    return;
  }
  logger.info(
    bannerFields(info),
    `OpenBroker is running at ${config.PUBLIC_URL} (API ${config.PUBLIC_URL}/api/v1)`,
  );
  if (logins.length > 0) {
    logger.info(
      {
        logins: logins.map((l) => ({
          role: l.role,
          email: l.email,
          password: l.generatedPassword ?? '(from the environment)',
        })),
      },
      'first start: logins created; generated passwords are shown only this once',
    );
  }
}

interface ListenError extends NodeJS.ErrnoException {
  address: string;
  port: number;
}

function isListenError(e: unknown, code: string): e is ListenError {
  return (
    (e as NodeJS.ErrnoException | undefined)?.code === code &&
    (e as NodeJS.ErrnoException).syscall === 'listen'
  );
}

start().catch((e: unknown) => {
  // Operator mistakes get one clear line, not a stack trace.
  if (e instanceof DataDirLockedError) {
    process.stderr.write(`OpenBroker cannot start: ${e.message}\n`);
  } else if (e instanceof ConfigError || e instanceof DatabaseUnreachableError) {
    process.stderr.write(`OpenBroker cannot start.\n${e.message}\n`);
  } else if (isListenError(e, 'EADDRINUSE')) {
    process.stderr.write(
      `OpenBroker cannot start.\nPORT: ${e.port} on ${e.address} is already in use by another program (another OpenBroker?); stop it or set PORT to a free port.\n`,
    );
  } else if (isListenError(e, 'EACCES')) {
    process.stderr.write(
      `OpenBroker cannot start.\nPORT: no permission to listen on ${e.port} on ${e.address} (ports below 1024 need privileges: use 8080 behind a reverse proxy, see deploy/).\n`,
    );
  } else {
    process.stderr.write(`OpenBroker cannot start: ${(e as Error).stack ?? String(e)}\n`);
  }
  process.exit(1);
});

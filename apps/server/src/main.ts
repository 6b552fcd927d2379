import { mkdir } from 'node:fs/promises';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { type Database, DatabaseUnreachableError, openDatabase, redactUrl } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { seed } from './db/seed/index.ts';
import type { SeedLogin } from './db/seed/seedUsers.ts';
import { createReplayFeed, loadTickFile } from './feed/ReplayFeed.ts';
import { createSimulatedFeed } from './feed/SimulatedFeed.ts';
import { systemClock } from './lib/clock.ts';
import { createLogger } from './lib/logger.ts';

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

  const database: Database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  logger.info(
    {
      database: database.kind,
      where: config.DATABASE_URL ? redactUrl(config.DATABASE_URL) : config.DATA_DIR,
    },
    'database open',
  );
  await runMigrations(database);
  printGeneratedLogins(await seed(database.db, config));

  const app = await buildApp({ config, database, clock: systemClock, logger });
  if (config.ROLES.includes('feed')) {
    if (config.FEED_REPLAY_FILE) {
      const idBySymbol = new Map(app.market.allInstruments().map((a) => [a.symbol, a.id]));
      const file = config.FEED_REPLAY_FILE;
      const rows = (() => {
        try {
          return loadTickFile(file);
        } catch (e) {
          throw new ConfigError(`FEED_REPLAY_FILE: cannot replay ${file}: ${(e as Error).message}`);
        }
      })();
      app.market.runSource(createReplayFeed({ rows, idBySymbol, now: () => Date.now() }));
      logger.info({ file: config.FEED_REPLAY_FILE, ticks: rows.length }, 'replaying recorded ticks');
    } else {
      const instruments = app.market.allInstruments().map((a) => ({
        id: a.id,
        type: a.type,
        exchangeZone: a.exchangeZone,
        decimals: a.decimals,
        startPrice: app.market.quote(a.id)?.price ?? a.referencePrice,
      }));
      // FEED_SEED fixes the generated chart history; the live walk also mixes in the start time so a
      // restart does not replay the same prices.
      app.market.runSource(
        createSimulatedFeed({ instruments, seed: config.FEED_SEED + Date.now(), clock: systemClock }),
      );
      logger.info({ instruments: instruments.length }, 'simulated price feed running');
    }
  }
  app.addHook('onClose', async () => {
    await database.close();
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      logger.warn('shutdown grace period over; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (e: unknown) => {
        logger.error({ err: e }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  logger.info(`OpenBroker is running at ${config.PUBLIC_URL} (API ${config.PUBLIC_URL}/api/v1)`);
}

start().catch((e: unknown) => {
  // Operator mistakes get one clear line, not a stack trace.
  if (e instanceof ConfigError || e instanceof DatabaseUnreachableError) {
    process.stderr.write(`OpenBroker cannot start.\n${e.message}\n`);
  } else if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    process.stderr.write(`OpenBroker cannot start.\nPORT: ${(e as Error).message}\n`);
  } else {
    process.stderr.write(`OpenBroker cannot start: ${(e as Error).stack ?? String(e)}\n`);
  }
  process.exit(1);
});

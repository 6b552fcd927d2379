import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { registerErrorHandler } from '../errors.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { consoleDestination, createLogger, resolveLogFormat } from './logger.ts';

const SECRET = 'secret-param-value-7c1e';

/** A logger as production builds it, writing its JSON lines into an array. */
function capturedLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger({ LOG_LEVEL: 'info' }, sink), lines };
}

describe('log lines never carry a query’s parameters', () => {
  let database: Database;
  let failure: unknown;
  beforeAll(async () => {
    database = await openTestDatabase();
    // A query that fails for a reason its parameters do not appear in (division by zero).
    failure = await database.db
      .execute(sql`select ${SECRET}::text as a, 1 / 0 as b`)
      .catch((e: unknown) => e);
  });
  afterAll(() => database.close());

  it('the failing query is a drizzle error whose message holds the parameters (what must not be logged)', () => {
    expect(String((failure as Error).message)).toContain(SECRET);
  });

  it('logged as `{ err }`, as a bare error, or through the request handler: SQL text and cause, no params', async () => {
    const { logger, lines } = capturedLogger();
    logger.error({ err: failure }, 'query failed');
    logger.error(failure as Error);
    const base: FastifyBaseLogger = logger;
    const app = Fastify({ loggerInstance: base });
    registerErrorHandler(app);
    app.get('/fail', async () => {
      await database.db.execute(sql`select ${SECRET}::text as a, 1 / 0 as b`);
    });
    const res = await app.inject({ method: 'GET', url: '/fail' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(SECRET);
    await app.close();

    const errorLines = lines.map((l) => JSON.parse(l)).filter((l) => l.err);
    expect(errorLines).toHaveLength(3);
    for (const line of errorLines) {
      const text = JSON.stringify(line);
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('params:');
      expect(line.err.message).toMatch(/^Failed query: select \$1::text as a, 1 \/ 0 as b$/);
      expect(line.err.stack).toMatch(/^\w+: Failed query: select \$1::text/);
      expect(line.err.cause).toMatchObject({ code: '22012', message: 'division by zero' });
      expect(line.err).not.toHaveProperty('params');
    }
    expect(JSON.parse(lines[1] ?? '{}').msg).toBe('Failed query: select $1::text as a, 1 / 0 as b');
  });

  it('keeps a huge statement’s SQL text short', () => {
    const { logger, lines } = capturedLogger();
    const huge = Object.assign(new Error(`Failed query: x\nparams: ${SECRET}`), {
      query: `insert into candles values ${Array.from({ length: 5000 }, (_, i) => `($${i})`).join(',')}`,
      params: Array.from({ length: 5000 }, () => SECRET),
    });
    logger.error({ err: huge }, 'bulk insert failed');
    expect(lines[0]?.length).toBeLessThan(10_000);
    expect(lines[0]).not.toContain(SECRET);
  });
});

describe('the console format', () => {
  it('is pretty on a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(resolveLogFormat(undefined, true)).toBe('pretty');
    expect(resolveLogFormat(undefined, false)).toBe('json');
    expect(resolveLogFormat('', true)).toBe('pretty');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
    expect(() => resolveLogFormat('fancy', true)).toThrow('must be json or pretty');
  });

  it('JSON goes to pino’s own stdout; pretty is a stream of readable lines', () => {
    expect(consoleDestination('json', false)).toBeUndefined();
    expect(typeof consoleDestination('pretty', false)?.write).toBe('function');
  });
});

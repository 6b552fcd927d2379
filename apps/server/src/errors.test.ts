import { DrizzleQueryError, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.ts';
import { AppError, isDatabaseUnavailable, registerErrorHandler } from './errors.ts';
import { openTestDatabase } from './test/testDatabase.ts';

/** An error as node-postgres makes them: a message and a `code` (SQLSTATE or errno). */
function coded(message: string, code?: string): Error {
  return Object.assign(new Error(message), code ? { code } : {});
}
/** As drizzle wraps every failed query: its message carries the parameters, the driver's error is `cause`. */
const wrapped = (cause: Error) => new DrizzleQueryError('insert into trades values ($1)', ['x'], cause);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['ECONNREFUSED (server down)', coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['ECONNRESET', coded('read ECONNRESET', 'ECONNRESET')],
    ['EPIPE', coded('write EPIPE', 'EPIPE')],
    ['57P01 admin_shutdown', coded('terminating connection due to administrator command', '57P01')],
    [
      '57P02 crash_shutdown',
      coded('terminating connection because of crash of another server process', '57P02'),
    ],
    ['57P03 starting up', coded('the database system is starting up', '57P03')],
    ['08006 connection failure', coded('connection failure', '08006')],
    ['08003 no connection', coded('connection does not exist', '08003')],
    ['a lost connection', coded('Connection terminated unexpectedly')],
    ['a client connect timeout', coded('Connection terminated due to connection timeout')],
    ['the pool connect timeout', coded('timeout exceeded when trying to connect')],
    ['a dead client', coded('Client has encountered a connection error and is not queryable')],
    ['inside a DrizzleQueryError', wrapped(coded('terminating connection', '57P01'))],
  ])('%s is an outage', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', wrapped(coded('duplicate key value violates unique constraint', '23505'))],
    ['bad input syntax', wrapped(coded('invalid input syntax for type integer', '22P02'))],
    ['a NUL byte', wrapped(coded('invalid byte sequence for encoding "UTF8": 0x00', '22021'))],
    ['a serialization failure', coded('could not serialize access', '40001')],
    ['a protocol violation (a bug)', coded('bind message supplies 1 parameters', '08P01')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["a user's mistake", new AppError('VALIDATION_FAILED')],
    ['not an error', 'ECONNREFUSED'],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('the error handler', () => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/outage', async () => {
      throw wrapped(coded('terminating connection due to administrator command', '57P01'));
    });
    app.get('/refused', async () => {
      throw coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
    });
    app.get('/bug', async () => {
      throw new TypeError('oops');
    });
    app.post<{ Body: { text: string } }>('/store', async (request) => {
      // A query PostgreSQL refuses for its text (22021), with nothing in front to stop it first.
      await database.db.execute(sql`select ${request.body.text}::text as t`);
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers an outage with 503 and a plain message, whether wrapped by drizzle or not', async () => {
    for (const url of ['/outage', '/refused']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message: 'The service is briefly unavailable. Please try again in a moment.',
        code: 'DATABASE_UNAVAILABLE',
      });
    }
  });

  it('keeps a bug a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('INTERNAL');
  });

  it('answers text the database cannot store with 422, not 500 (backstop behind the request hook)', async () => {
    const fine = await app.inject({ method: 'POST', url: '/store', payload: { text: 'plain' } });
    expect(fine.statusCode, fine.body).toBe(200);
    const res = await app.inject({ method: 'POST', url: '/store', payload: { text: 'a\u0000b' } });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      message: 'The text contains characters that are not allowed.',
      code: 'VALIDATION_FAILED',
    });
  });
});

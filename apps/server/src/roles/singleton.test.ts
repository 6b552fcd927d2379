import { randomInt } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../test/testDatabase.ts';
import { advisorySingleton, heldSingleton, type Singleton } from './singleton.ts';

const log = pino({ level: 'silent' });
const url = process.env.TEST_DATABASE_URL;

/** Work that records its starts and stops. */
function recorder() {
  const events: string[] = [];
  return { events, work: { start: () => void events.push('start'), stop: () => void events.push('stop') } };
}

const until = async (check: () => boolean, what: string, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('a held singleton (PGlite)', () => {
  it('runs at once and stops once', async () => {
    const r = recorder();
    const s = heldSingleton('risk', r.work, log);
    await s.run();
    expect(s.state()).toBe('holding');
    await s.stopWork();
    await s.close();
    expect(s.state()).toBe('closed');
    expect(r.events).toEqual(['start', 'stop']);
  });
});

describe.runIf(url && TEST_ENGINE === 'postgres')('an advisory-lock singleton (PostgreSQL)', () => {
  const open: Singleton[] = [];
  afterAll(async () => {
    for (const s of open) await s.close();
  });
  const node = (key: number, tag: string) => {
    const r = recorder();
    const s = advisorySingleton({
      name: 'feed',
      key,
      work: r.work,
      log,
      retryMs: 100,
      connect: () => new pg.Client({ connectionString: url, application_name: tag }),
    });
    open.push(s);
    return { s, events: r.events };
  };

  it('one node holds, the other waits and takes over when the holder lets go', async () => {
    const key = randomInt(1, 2 ** 31 - 1);
    const a = node(key, 'ob-test-a');
    const b = node(key, 'ob-test-b');
    await a.s.run();
    await b.s.run();
    expect(a.s.state()).toBe('holding');
    expect(b.s.state()).toBe('waiting');
    await new Promise((r) => setTimeout(r, 300));
    expect(b.events).toEqual([]);

    await a.s.close();
    expect(a.events).toEqual(['start', 'stop']);
    await until(() => b.s.state() === 'holding', 'the standby to take over', 3_000);
    expect(b.events).toEqual(['start']);
  });

  it('a holder whose connection dies stops the role at once, waits, and takes it again', async () => {
    const key = randomInt(1, 2 ** 31 - 1);
    const tag = `ob-test-${key}`;
    const a = node(key, tag);
    await a.s.run();
    expect(a.s.state()).toBe('holding');
    // What a PostgreSQL restart does to the session (and its lock).
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
      tag,
    ]);
    await admin.end();
    await until(() => a.events.includes('stop'), 'the role to stop');
    expect(a.events).toEqual(['start', 'stop']);
    await until(() => a.s.state() === 'holding' && a.events.length === 3, 'the role to come back');
    expect(a.events).toEqual(['start', 'stop', 'start']);
  });
});

describe('an advisory-lock singleton without PostgreSQL', () => {
  it('keeps trying while PostgreSQL is unreachable, without crashing', async () => {
    const r = recorder();
    const s = advisorySingleton({
      name: 'bots',
      key: 1,
      work: r.work,
      log,
      retryMs: 50,
      connect: () => new pg.Client({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 200 }),
    });
    await s.run();
    await new Promise((res) => setTimeout(res, 300));
    expect(s.state()).toBe('waiting');
    await s.close();
    expect(r.events).toEqual([]);
  });
});

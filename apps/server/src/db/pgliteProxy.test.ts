import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { messages, PGlite, type QueryOptions, types } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../test/testDatabase.ts';
import type { Database } from './client.ts';
import { runMigrations } from './migrate.ts';
import { PgliteProxy, PgliteWorkerCrashedError } from './pgliteProxy.ts';
import * as schema from './schema.ts';

/** PGlite's own machinery: the `server-pg` run (TEST_DB_ENGINE=postgres) has nothing to add here. */
const onPglite = describe.skipIf(TEST_ENGINE === 'postgres');

const SETUP = `
  create table t (
    id int primary key, i8 bigint, n numeric(20, 4), s text, b boolean, j jsonb, by bytea,
    ts timestamptz, tsn timestamp, d date, iv interval, u uuid, ai int[], at text[], tsa timestamptz[],
    c int check (c >= 0)
  );
  create unique index t_s on t (s);
`;
const ROW = [
  1,
  9007199254740993n,
  '12345.6789',
  'héllo',
  true,
  { a: [1, 'x', null], b: { c: 2.5 } },
  new Uint8Array([0, 1, 255]),
  new Date('2024-03-04T05:06:07.891Z'),
  '2024-03-04 05:06:07',
  '2024-03-04',
  '1 day 02:03:04',
  '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b',
  [1, 2, 3],
  ['a', 'b,c', null],
  ['2024-01-01T00:00:00Z'],
  5,
];
/** drizzle's own query config (drizzle-orm/pglite/session.js): identity parsers for these oids. */
const same = (v: string) => v;
const DRIZZLE: QueryOptions = {
  rowMode: 'array',
  parsers: {
    [types.TIMESTAMP]: same,
    [types.TIMESTAMPTZ]: same,
    [types.INTERVAL]: same,
    [types.DATE]: same,
    1231: same,
    1115: same,
    1185: same,
    1187: same,
    1182: same,
  },
};

/** The same statements, in the same order, on PGlite in this thread and through the worker proxy. */
onPglite('PGlite on a worker thread, against PGlite in this thread', () => {
  let local: PGlite;
  let proxy: PgliteProxy;

  beforeAll(async () => {
    local = await PGlite.create();
    proxy = await PgliteProxy.create();
    for (const db of [local, proxy]) {
      await db.exec(SETUP);
      await db.query(`insert into t values (${ROW.map((_, i) => `$${i + 1}`).join(', ')})`, ROW);
    }
  });
  afterAll(async () => {
    await local.close();
    await proxy.close();
  });

  async function both<T>(run: (db: PGlite | PgliteProxy) => Promise<T>): Promise<T> {
    const [a, b] = [await run(local), await run(proxy)];
    expect(b).toEqual(a);
    return b;
  }

  it('returns identical rows: bigint, numeric, json, bytea, Date, arrays, nulls', async () => {
    const res = await both((db) => db.query('select *, null::int as nothing from t'));
    const row = res.rows[0] as Record<string, unknown>;
    expect(row.i8).toBe(9007199254740993n);
    expect(row.by).toEqual(new Uint8Array([0, 1, 255]));
    expect(row.ts).toEqual(new Date('2024-03-04T05:06:07.891Z'));
    expect(res.fields.length).toBeGreaterThan(10);
  });

  it("keeps drizzle's identity-parsed types as PostgreSQL's text, in array row mode", async () => {
    const res = await both((db) => db.query('select ts, tsn, d, iv, tsa, i8 from t', [], DRIZZLE));
    expect(res.rows[0]).toEqual([
      '2024-03-04 05:06:07.891+00',
      '2024-03-04 05:06:07',
      '2024-03-04',
      '1 day 02:03:04',
      '{"2024-01-01 00:00:00+00"}',
      9007199254740993n,
    ]);
  });

  it('refuses a parser that is not the identity, since functions cannot cross threads', async () => {
    await expect(
      proxy.query('select 1', [], { parsers: { [types.INT4]: (v: string) => Number(v) } }),
    ).rejects.toThrow(/not the identity/);
  });

  it('reports affected rows and empty results alike', async () => {
    await both((db) => db.query('update t set s = s where id = 1 returning id'));
    await both((db) => db.query('select * from t where id = $1', [404]));
    await both((db) => db.exec('select 1 as one; select 2 as two'));
  });

  it("rejects with PostgreSQL's error, every field kept and still a DatabaseError", async () => {
    const fail = async (db: PGlite | PgliteProxy) => {
      try {
        await db.query('insert into t (id, s) values ($1, $2)', [2, 'héllo']);
      } catch (e) {
        return e as Error & Record<string, unknown>;
      }
      throw new Error('expected a unique violation');
    };
    const [a, b] = [await fail(local), await fail(proxy)];
    expect(b).toBeInstanceOf(messages.DatabaseError);
    expect(b.code).toBe('23505');
    expect(b.constraint).toBe('t_s');
    const plain = (e: Record<string, unknown>) => {
      const { queryOptions: _, ...rest } = e;
      return { ...rest, message: e.message, name: e.name };
    };
    expect(plain(b)).toEqual(plain(a));
    expect(b.params).toEqual([2, 'héllo']);
  });

  it('commits a transaction, and rolls it back on an error with the error rethrown', async () => {
    await both((db) =>
      db.transaction(async (tx) => (await tx.query('update t set c = 6 where id = 1')).affectedRows),
    );
    const failing = (db: PGlite | PgliteProxy) =>
      db
        .transaction(async (tx) => {
          await tx.query('update t set c = 7 where id = 1');
          await tx.query('update t set c = -1 where id = 1');
        })
        .catch((e: Error & { code?: string }) => e.code);
    expect(await both(failing)).toBe('23514');
    const res = await both((db) => db.query('select c from t'));
    expect(res.rows).toEqual([{ c: 6 }]);
  });

  it("honours the transaction's own rollback() and refuses queries after it", async () => {
    const rolled = (db: PGlite | PgliteProxy) =>
      db.transaction(async (tx) => {
        await tx.query('update t set c = 8 where id = 1');
        await tx.rollback();
        const after = await tx.query('select 1').catch((e: Error) => e.message);
        return { closed: tx.closed, after };
      });
    expect(await both(rolled)).toEqual({ closed: true, after: 'Transaction is closed' });
    expect((await both((db) => db.query('select c from t'))).rows).toEqual([{ c: 6 }]);
  });

  it('holds queries outside a transaction back until it ends, as PGlite does in one thread', async () => {
    const order: string[] = [];
    const tx = proxy.transaction(async (t) => {
      await t.query('update t set c = 9 where id = 1');
      await new Promise((r) => setTimeout(r, 50));
      order.push('tx done');
    });
    const outside = proxy.query<{ c: number }>('select c from t').then((r) => {
      order.push('outside');
      return r.rows[0]?.c;
    });
    await tx;
    expect(await outside).toBe(9);
    expect(order).toEqual(['tx done', 'outside']);
  });
});

onPglite('drizzle-orm/pglite on the proxy', () => {
  let proxy: PgliteProxy;
  let local: PGlite;
  const databases: Database[] = [];

  beforeAll(async () => {
    proxy = await PgliteProxy.create();
    local = await PGlite.create();
    for (const client of [proxy, local]) {
      const db = drizzle({ client: client as PGlite, schema });
      const database = {
        db,
        kind: 'pglite',
        ping: async () => undefined,
        close: async () => undefined,
      } as unknown as Database;
      await runMigrations(database);
      databases.push(database);
    }
  });
  afterAll(async () => {
    await proxy.close();
    await local.close();
  });

  it('migrates, inserts, selects and nests savepoints with the same results as in-thread', async () => {
    const results = [];
    for (const { db } of databases) {
      const inserted = await db
        .insert(schema.users)
        .values({ email: 'a@example.com', passwordHash: 'x', firstName: 'A', lastName: 'B' })
        .returning();
      const userId = inserted[0]?.id ?? 0;
      // A nested transaction is a savepoint: its failure rolls back only its own statements.
      await db.transaction(async (tx) => {
        await tx.update(schema.users).set({ firstName: 'Outer' }).where(eq(schema.users.id, userId));
        await tx
          .transaction(async (inner) => {
            await inner.update(schema.users).set({ lastName: 'Inner' }).where(eq(schema.users.id, userId));
            inner.rollback();
          })
          .catch(() => undefined);
      });
      const [row] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
      const duplicate = await db
        .insert(schema.users)
        .values({ email: 'a@example.com', passwordHash: 'x', firstName: 'A', lastName: 'B' })
        .catch((e: Error) => (e.cause as { code?: string; constraint?: string } | undefined) ?? e);
      results.push({ row: { ...row, createdAt: undefined, updatedAt: undefined }, duplicate });
    }
    expect(results[0]?.row.firstName).toBe('Outer');
    expect(results[0]?.row.lastName).toBe('B');
    expect(results[0]?.duplicate).toMatchObject({ code: '23505' });
    expect({ ...results[0], duplicate: undefined }).toEqual({ ...results[1], duplicate: undefined });
  });
});

onPglite('the worker thread', () => {
  it('keeps a file-based database across close and reopen', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pglite-proxy-'));
    try {
      const first = await PgliteProxy.create({ dataDir: dir });
      await first.exec("create table kept (v text); insert into kept values ('still here')");
      await first.close();
      await expect(first.query('select 1')).rejects.toThrow(/closed/);
      const again = await PGlite.create(dir);
      expect((await again.query('select v from kept')).rows).toEqual([{ v: 'still here' }]);
      await again.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('rejects pending and later queries with a clear error when the worker dies, and says so once', async () => {
    const crashes: Error[] = [];
    const proxy = await PgliteProxy.create({ onCrash: (e) => crashes.push(e) });
    const pending = proxy.query('select pg_sleep(5)');
    await new Promise((r) => setTimeout(r, 100));
    await proxy.workerForTests().terminate();
    await expect(pending).rejects.toBeInstanceOf(PgliteWorkerCrashedError);
    await expect(pending).rejects.toThrow(/PGlite worker thread stopped/);
    await expect(proxy.query('select 1')).rejects.toBeInstanceOf(PgliteWorkerCrashedError);
    expect(crashes).toHaveLength(1);
  });

  it('reports why the database could not be opened', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pglite-proxy-'));
    try {
      const file = path.join(dir, 'a-file');
      await import('node:fs/promises').then((fs) => fs.writeFile(file, 'not a directory'));
      await expect(PgliteProxy.create({ dataDir: path.join(file, 'db') })).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

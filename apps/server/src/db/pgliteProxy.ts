/**
 * A main-thread stand-in for PGlite whose real database runs in a worker thread (pgliteWorker.ts),
 * so PostgreSQL's work (WebAssembly, on the thread that calls it) no longer stalls HTTP and the
 * engines: the two use both cores. It offers what drizzle-orm/pglite and our own raw statements
 * call — `query(text, params, { rowMode, parsers })`, `exec`, `transaction(fn)` whose tx has
 * `query`, `exec` and `rollback` — and `close()`.
 *
 * Parsers: functions cannot cross to another thread. drizzle passes only identity parsers (it keeps
 * timestamps, dates, intervals and their arrays as PostgreSQL's text), so their type oids are sent
 * and the worker applies identity parsers to them. Any other parser is refused loudly rather than
 * silently dropped, as are serializers, blobs and notice callbacks.
 *
 * Values cross by structured clone, which keeps Date, bigint, Uint8Array, arrays and plain objects as
 * they are: results equal the in-thread client's (pgliteProxy.test.ts compares them). Errors keep every
 * plain field (code, detail, constraint…), PGlite's DatabaseError class, the statement and its params.
 */
import { Worker } from 'node:worker_threads';
import { messages, type ParserOptions, type QueryOptions, type Results } from '@electric-sql/pglite';
import type { Request, Response, WireError, WorkerInit } from './pgliteProtocol.ts';

/** The worker stopped without being closed (a crash, an abort in PostgreSQL): the database is gone. */
export class PgliteWorkerCrashedError extends Error {
  override name = 'PgliteWorkerCrashedError';
}

export interface PgliteProxyOptions {
  /** The data directory; absent, an in-memory database. */
  dataDir?: string;
  /** Told once if the worker dies unasked; every pending and later call rejects with the same error. */
  onCrash?: (err: PgliteWorkerCrashedError) => void;
}

type Params = unknown[] | undefined;
/** A request before `call` numbers it (distributes over the union, so each kind keeps its fields). */
type Unnumbered<R> = R extends { id: number } ? Omit<R, 'id'> : never;
type NewRequest = Unnumbered<Request>;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  options?: QueryOptions;
}

/**
 * From source (tsx, vitest) the worker is TypeScript, loaded through a small shim that registers tsx
 * in that thread (Node 20 ignores a loader given in a worker's execArgv). From the bundle, where this
 * module's URL is dist/main.js, it is the built dist/pgliteWorker.js beside it (apps/server/build.mjs).
 */
function workerEntry(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('./pgliteWorkerTsx.mjs', here) : new URL('./pgliteWorker.js', here);
}

/** Profiling switch: PGLITE_WORKER_CPU_PROF=<dir> writes the worker's V8 CPU profile there on close. */
function workerExecArgv(): string[] | undefined {
  const dir = process.env.PGLITE_WORKER_CPU_PROF;
  return dir ? ['--cpu-prof', '--cpu-prof-dir', dir] : undefined;
}

const identityChecked = new WeakMap<ParserOptions, number[]>();

/** The oids of drizzle's identity parsers; throws on any parser that would change a value. */
export function identityParserOids(parsers: ParserOptions | undefined): number[] | undefined {
  if (!parsers) return undefined;
  const known = identityChecked.get(parsers);
  if (known) return known;
  const oids: number[] = [];
  for (const [oid, parse] of Object.entries(parsers)) {
    const probes = ['x', '2024-01-02 03:04:05.678+00', '{1,2}'];
    if (!probes.every((p) => parse(p, Number(oid)) === p)) {
      throw new Error(
        `PGlite worker: the parser for type oid ${oid} is not the identity, and parsers cannot cross to the worker thread`,
      );
    }
    oids.push(Number(oid));
  }
  identityChecked.set(parsers, oids);
  return oids;
}

function refuseUnsupported(options: QueryOptions | undefined): void {
  if (!options) return;
  for (const key of ['serializers', 'blob', 'onNotice'] as const) {
    if (options[key] !== undefined)
      throw new Error(`PGlite worker: the query option "${key}" is not supported`);
  }
}

/** The error as PGlite would have thrown it in this thread (a DatabaseError for PostgreSQL's own). */
function fromWire(w: WireError, options: QueryOptions | undefined): Error {
  const e = (
    w.databaseError
      ? new messages.DatabaseError(w.message, Number(w.fields.length ?? 0), 'error')
      : new Error(w.message)
  ) as Error & Record<string, unknown>;
  Object.assign(e, w.fields);
  if (!w.databaseError && w.name !== 'Error') e.name = w.name;
  if (w.params) e.params = w.params;
  // PGlite attaches the statement, its params and the options it was given to a failed query's error.
  if (options && typeof w.fields.query === 'string') e.queryOptions = options;
  if (w.stack) e.stack = w.stack;
  return e;
}

/** A transaction of the worker's PGlite, as PGlite's own `Transaction` behaves. */
export class PgliteProxyTransaction {
  #closed = false;
  constructor(
    private readonly proxy: PgliteProxy,
    readonly txId: number,
  ) {}

  get closed(): boolean {
    return this.#closed;
  }

  /** @internal the transaction callback returned or threw */
  markClosed(): void {
    this.#closed = true;
  }

  #checkOpen(): void {
    if (this.#closed) throw new Error('Transaction is closed');
  }

  async query<T>(text: string, params?: Params, options?: QueryOptions): Promise<Results<T>> {
    this.#checkOpen();
    return this.proxy.query<T>(text, params, options, this.txId);
  }

  async exec(text: string): Promise<Results[]> {
    this.#checkOpen();
    return this.proxy.exec(text, this.txId);
  }

  async rollback(): Promise<void> {
    this.#checkOpen();
    await this.proxy.call({ kind: 'rollback', txId: this.txId });
    this.#closed = true;
  }
}

export class PgliteProxy {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #nextTxId = 1;
  #closing = false;
  /** Set once the worker is gone: every call rejects with it. */
  #dead: Error | undefined;

  private constructor(worker: Worker, onCrash: ((err: PgliteWorkerCrashedError) => void) | undefined) {
    this.#worker = worker;
    worker.on('message', (m: Response) => this.#onMessage(m));
    let cause: Error | undefined;
    worker.on('error', (err) => {
      cause = err;
    });
    worker.on('exit', (code) => {
      if (this.#closing && code === 0) {
        this.#die(new Error('PGlite is closed'));
        return;
      }
      const err = new PgliteWorkerCrashedError(
        `The PGlite worker thread stopped (exit code ${code}${cause ? `: ${cause.message}` : ''}); the database is gone`,
        { cause },
      );
      this.#die(err);
      onCrash?.(err);
    });
  }

  /** Starts the worker and resolves once its PGlite is open (or rejects with why it could not be). */
  static async create(opts: PgliteProxyOptions = {}): Promise<PgliteProxy> {
    const init: WorkerInit = opts.dataDir ? { dataDir: opts.dataDir } : {};
    const worker = new Worker(workerEntry(), { workerData: init, execArgv: workerExecArgv() });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (m: Response) => {
        if (m.kind === 'ready') done(() => resolve());
        else if (m.kind === 'startFailed') done(() => reject(fromWire(m.error, undefined)));
      };
      const onError = (err: Error) => done(() => reject(err));
      const onExit = (code: number) =>
        done(() =>
          reject(new Error(`The PGlite worker thread exited (code ${code}) before it opened the database`)),
        );
      const done = (settle: () => void) => {
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        settle();
      };
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    });
    // Like PGlite in this thread, an idle database does not keep the process alive (tests that never
    // close it still end); a pending call does (see #call).
    worker.unref();
    return new PgliteProxy(worker, opts.onCrash);
  }

  /** @internal sends one request; the transaction objects use it too */
  call(req: NewRequest, options?: QueryOptions): Promise<unknown> {
    if (this.#dead) return Promise.reject(this.#dead);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject, options });
      this.#worker.postMessage({ ...req, id } as Request);
    });
  }

  #onMessage(m: Response): void {
    if (m.kind !== 'ok' && m.kind !== 'failed') return;
    const pending = this.#pending.get(m.id);
    if (!pending) return;
    this.#pending.delete(m.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (m.kind === 'ok') pending.resolve(m.value);
    else pending.reject(fromWire(m.error, pending.options));
  }

  #die(err: Error): void {
    this.#dead = err;
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const p of pending) p.reject(err);
  }

  async query<T>(text: string, params?: Params, options?: QueryOptions, txId?: number): Promise<Results<T>> {
    refuseUnsupported(options);
    const rawOids = identityParserOids(options?.parsers);
    const req: NewRequest = { kind: 'query', text };
    if (txId !== undefined) req.txId = txId;
    if (params && params.length > 0) req.params = params;
    if (options?.rowMode) req.rowMode = options.rowMode;
    if (rawOids && rawOids.length > 0) req.rawOids = rawOids;
    if (options?.paramTypes) req.paramTypes = options.paramTypes;
    return (await this.call(req, options)) as Results<T>;
  }

  async exec(text: string, txId?: number): Promise<Results[]> {
    const req: NewRequest = txId === undefined ? { kind: 'exec', text } : { kind: 'exec', text, txId };
    return (await this.call(req)) as Results[];
  }

  /**
   * Runs `fn` in one transaction of the worker's PGlite: committed when `fn` resolves (unless it
   * rolled back itself), rolled back when it throws, and the error rethrown — PGlite's own contract.
   * drizzle's nested transactions are savepoints sent as plain statements in it.
   */
  async transaction<T>(fn: (tx: PgliteProxyTransaction) => Promise<T>): Promise<T> {
    const txId = this.#nextTxId++;
    // Not awaited: fn's first statement follows BEGIN on the port, and the worker runs it as soon as
    // BEGIN is done. PGlite serves nothing else while a transaction is open, so every round trip it
    // waits for inside one is lost for everyone.
    const opened = this.call({ kind: 'begin', txId });
    opened.catch(() => undefined); // awaited below; fn's statements carry BEGIN's failure meanwhile
    const tx = new PgliteProxyTransaction(this, txId);
    let result: T;
    try {
      result = await fn(tx);
    } catch (e) {
      tx.markClosed();
      await opened; // a failed BEGIN is the error, as PGlite's own transaction() throws it
      await this.call({ kind: 'end', txId, commit: false });
      throw e;
    }
    tx.markClosed();
    await opened;
    await this.call({ kind: 'end', txId, commit: true });
    return result;
  }

  /** @internal the thread itself, for the crash test */
  workerForTests(): Worker {
    return this.#worker;
  }

  /** Closes PGlite (flushing it to its directory) and ends the worker. */
  async close(): Promise<void> {
    if (this.#dead) return;
    this.#closing = true;
    await this.call({ kind: 'close' });
    // The worker ends by itself once PGlite is closed and its port too; a stuck one is stopped.
    await new Promise<void>((resolve) => {
      if (this.#dead) return resolve();
      const stop = setTimeout(() => void this.#worker.terminate(), 5000);
      this.#worker.once('exit', () => {
        clearTimeout(stop);
        resolve();
      });
    });
  }
}

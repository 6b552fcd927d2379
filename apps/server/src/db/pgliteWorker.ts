/**
 * The worker thread that owns PGlite (started by pgliteProxy.ts). PGlite runs PostgreSQL as
 * WebAssembly on the thread that calls it, so in the main thread every query's planning and
 * execution stalls HTTP, Socket.IO and the risk engine; here it runs on the second core.
 *
 * It serves the proxy's requests one message each, answering with the result or the error (see
 * pgliteProtocol.ts). Concurrency is PGlite's own: it serialises statements and holds everything
 * else back while a transaction is open, exactly as it does in one thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { messages, PGlite, type Transaction } from '@electric-sql/pglite';
import type { Request, Response, WireError, WorkerInit } from './pgliteProtocol.ts';

const port = parentPort;
if (!port) throw new Error('pgliteWorker.ts runs as a worker thread (see pgliteProxy.ts)');

/** An open transaction, and how the main side's `end` request settles it. */
interface OpenTx {
  tx: Transaction;
  finish: (commit: boolean, endId: number) => void;
}

/** Thrown inside PGlite's transaction callback to make it roll back; never leaves this file. */
const ROLL_BACK = Symbol('roll back');

const init = (workerData ?? {}) as WorkerInit;
const identity = (value: string): string => value;
/** Identity parser sets by their oid list: one object per distinct list, not one per query. */
const parserSets = new Map<string, Record<number, (value: string) => string>>();
/** Transactions opening or open, by the id the main side gave them. */
const open = new Map<number, Promise<OpenTx>>();

function parsersFor(oids: number[] | undefined): Record<number, (value: string) => string> | undefined {
  if (!oids || oids.length === 0) return undefined;
  const key = oids.join(',');
  let set = parserSets.get(key);
  if (!set) {
    set = Object.fromEntries(oids.map((oid) => [oid, identity]));
    parserSets.set(key, set);
  }
  return set;
}

function send(message: Response): void {
  port?.postMessage(message);
}

/** Plain fields only: PGlite's error also holds the query options (functions), which cannot cross. */
export function toWire(e: unknown): WireError {
  if (!(e instanceof Error)) return { name: 'Error', message: String(e), databaseError: false, fields: {} };
  const fields: WireError['fields'] = {};
  for (const [key, value] of Object.entries(e)) {
    if (value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value)) {
      fields[key] = value as string | number | boolean | null | undefined;
    }
  }
  const params = (e as { params?: unknown }).params;
  return {
    name: e.name,
    message: e.message,
    stack: e.stack,
    databaseError: e instanceof messages.DatabaseError,
    fields,
    ...(Array.isArray(params) ? { params } : {}),
  };
}

async function txFor(txId: number): Promise<Transaction> {
  const opening = open.get(txId);
  if (!opening) throw new Error(`PGlite worker: transaction ${txId} is not open`);
  return (await opening).tx;
}

/**
 * Opens transaction `txId` (numbered by the main side, which sends its first statements right behind
 * this request without waiting for it) and answers `begin` once BEGIN has run. The main side's `end`
 * request then commits it (PGlite skips the COMMIT after the transaction's own rollback) or rolls it
 * back, and is answered when PGlite has finished, so a failing COMMIT reaches the caller.
 */
function begin(id: number, txId: number): void {
  let endId: number | undefined;
  let opened: (entry: OpenTx) => void = () => undefined;
  let failed: (e: unknown) => void = () => undefined;
  const opening = new Promise<OpenTx>((resolve, reject) => {
    opened = resolve;
    failed = reject;
  });
  opening.catch(() => undefined); // BEGIN's failure is answered to `begin`; never an unhandled rejection
  open.set(txId, opening);
  db.transaction(async (tx) => {
    const commit = await new Promise<boolean>((resolve) => {
      opened({
        tx,
        finish: (c, eid) => {
          endId = eid;
          resolve(c);
        },
      });
      send({ kind: 'ok', id, value: null });
    });
    if (!commit) throw ROLL_BACK;
  }).then(
    () => {
      open.delete(txId);
      if (endId !== undefined) send({ kind: 'ok', id: endId, value: null });
    },
    (e: unknown) => {
      open.delete(txId);
      if (endId === undefined) {
        // BEGIN itself failed: the transaction's statements and the `begin` request get its error.
        failed(e);
        send({ kind: 'failed', id, error: toWire(e) });
      } else if (e === ROLL_BACK) send({ kind: 'ok', id: endId, value: null });
      else send({ kind: 'failed', id: endId, error: toWire(e) });
    },
  );
}

async function serve(req: Request): Promise<unknown> {
  switch (req.kind) {
    case 'query':
      // Outside a transaction the call is made at once, so statements reach PGlite in arrival order.
      return (req.txId === undefined ? db : await txFor(req.txId)).query(req.text, req.params, {
        rowMode: req.rowMode,
        parsers: parsersFor(req.rawOids),
        paramTypes: req.paramTypes,
      });
    case 'exec':
      return (req.txId === undefined ? db : await txFor(req.txId)).exec(req.text);
    case 'rollback': {
      await (await txFor(req.txId)).rollback();
      return null;
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`PGlite worker: unknown request ${(req as { kind: string }).kind}`);
  }
}

function onRequest(req: Request): void {
  if (req.kind === 'begin') {
    begin(req.id, req.txId);
    return;
  }
  if (req.kind === 'end') {
    const opening = open.get(req.txId);
    if (!opening) {
      send({ kind: 'failed', id: req.id, error: toWire(new Error(`transaction ${req.txId} is not open`)) });
      return;
    }
    open.delete(req.txId);
    const { commit, id } = req;
    opening.then(
      (entry) => entry.finish(commit, id),
      (e: unknown) => send({ kind: 'failed', id, error: toWire(e) }),
    );
    return;
  }
  serve(req).then(
    (value) => {
      send({ kind: 'ok', id: req.id, value });
      if (req.kind === 'close') port?.close();
    },
    (e: unknown) => send({ kind: 'failed', id: req.id, error: toWire(e) }),
  );
}

let db: PGlite;
try {
  db = await PGlite.create(init.dataDir);
  port.on('message', onRequest);
  send({ kind: 'ready' });
} catch (e) {
  send({ kind: 'startFailed', error: toWire(e) });
  port.close();
}

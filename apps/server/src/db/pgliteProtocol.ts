/**
 * Messages between the main-thread PGlite proxy (pgliteProxy.ts) and the worker that owns the real
 * PGlite (pgliteWorker.ts). Everything here crosses `postMessage`, so it is structured-cloneable:
 * no functions. Query parsers are sent as the list of type oids that get the identity parser.
 */

export type RowMode = 'array' | 'object';

/** What the worker is started with (`workerData`). */
export interface WorkerInit {
  /** The PGlite data directory; absent, an in-memory database. */
  dataDir?: string;
}

export type Request =
  | {
      kind: 'query';
      id: number;
      /** Serve it inside this open transaction; absent, on the database itself. */
      txId?: number;
      text: string;
      params?: unknown[];
      rowMode?: RowMode;
      /** Type oids whose values stay as PostgreSQL's text (drizzle's identity parsers). */
      rawOids?: number[];
      paramTypes?: number[];
    }
  | { kind: 'exec'; id: number; txId?: number; text: string }
  /**
   * Opens transaction `txId` (numbered by main, whose first statements follow without waiting, so
   * PGlite never sits in an open transaction for a round trip); answered once BEGIN has run.
   */
  | { kind: 'begin'; id: number; txId: number }
  /** The transaction's own `rollback()`: ROLLBACK now, and no COMMIT when it ends. */
  | { kind: 'rollback'; id: number; txId: number }
  /** The callback on main finished: commit (or nothing, after a rollback) or roll back after its error. */
  | { kind: 'end'; id: number; txId: number; commit: boolean }
  | { kind: 'close'; id: number };

/** An error as it crossed the boundary: its class, message, stack and every plain own field. */
export interface WireError {
  name: string;
  message: string;
  stack?: string;
  /** PGlite's DatabaseError (pg-protocol's), rebuilt as one on main so `instanceof` keeps working. */
  databaseError: boolean;
  /** code, severity, detail, constraint, table, column, schema, query, position… */
  fields: Record<string, string | number | boolean | null | undefined>;
  /** The failed statement's parameters, as PGlite attaches them (the logger never prints them). */
  params?: unknown[];
}

export type Response =
  | { kind: 'ready' }
  | { kind: 'startFailed'; error: WireError }
  | { kind: 'ok'; id: number; value: unknown }
  | { kind: 'failed'; id: number; error: WireError };

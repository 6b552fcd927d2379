import type { DECISION_KINDS, SkipReason, StopReason } from '@openbroker/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { insertDecisions, type NewDecision } from './repo.ts';

export type DecisionKind = (typeof DECISION_KINDS)[number];

export interface Decision {
  kind: DecisionKind;
  code?: SkipReason | StopReason | null;
  message: string;
  tradeId?: number | null;
}

/** Rows written in one insert at most; a bigger backlog takes several. */
const BATCH = 500;
const FLUSH_MS = 250;

/**
 * A run's log of decisions, written behind the tick path: `add` only queues the row (with the time
 * it was decided), and a flush writes the queue in batches, so a tick never waits for the database.
 * A failed write is logged and dropped (the log explains; it never holds trading up).
 */
export class DecisionLog {
  private queue: NewDecision[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: { db: Db; clock: Clock; log: FastifyBaseLogger }) {}

  add(runId: number, d: Decision): void {
    this.queue.push({
      runId,
      at: this.deps.clock.now(),
      kind: d.kind,
      code: d.code ?? null,
      message: d.message.slice(0, 1_000),
      tradeId: d.tradeId ?? null,
    });
    if (this.queue.length >= BATCH) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** How many rows wait to be written. */
  get backlog(): number {
    return this.queue.length;
  }

  /** Writes everything queued so far; resolves when it is stored. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing = this.flushing.then(async () => {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, BATCH);
        try {
          await insertDecisions(this.deps.db, batch);
        } catch (e) {
          this.deps.log.error({ err: e, rows: batch.length }, 'writing advisor decisions failed');
        }
      }
    });
    return this.flushing;
  }
}

import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DbOrTx } from '../accounts/repo.ts';
import { chainHash, GENESIS_HASH } from './chain.ts';
import { type AuditFilter, type AuditRow, appendAudit, auditBatch, pageOfAudit } from './repo.ts';

/** Who did it and from where: the signed-in staff member and the request's address. */
export interface AuditActor {
  actorId: number | null;
  actorIp: string | null;
}

export interface AuditEntry {
  /** What was done, as `area.verb` (e.g. `client.approve`, `money.adjust`, `settings.update`). */
  action: string;
  objectType: string;
  objectId: string | number | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

export function actorOf(request: FastifyRequest): AuditActor {
  return { actorId: request.auth?.user.id ?? null, actorIp: request.ip ?? null };
}

const VERIFY_BATCH = 1_000;

/**
 * The audit trail (DESIGN §12): every staff action and configuration change is recorded in the
 * same transaction as the change itself, hash-chained, and never updated or deleted.
 */
export function createAuditService(deps: { db: Db; clock: Clock }) {
  return {
    record(tx: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<AuditRow> {
      return appendAudit(tx, {
        at: deps.clock.now(),
        ...actor,
        action: entry.action,
        objectType: entry.objectType,
        objectId: entry.objectId === null ? null : String(entry.objectId),
        before: entry.before,
        after: entry.after,
        reason: entry.reason ?? null,
      });
    },

    page(filter: AuditFilter, page: number, perPage: number) {
      return pageOfAudit(deps.db, filter, page, perPage);
    },

    /** Every row matching the filter in chain order, a batch at a time (CSV export). */
    async *rows(filter: AuditFilter): AsyncGenerator<AuditRow> {
      let after = 0;
      for (;;) {
        const batch = await auditBatch(deps.db, filter, after, VERIFY_BATCH);
        yield* batch;
        const last = batch.at(-1);
        if (!last || batch.length < VERIFY_BATCH) return;
        after = last.id;
      }
    },

    /**
     * Recomputes the chain: each row must carry the previous row's hash and a hash of its own
     * content. The first row that does not is reported (a changed row, or the one after a removed row).
     */
    async verify(): Promise<{ ok: boolean; entries: number; first_bad_id: number | null }> {
      let prev = GENESIS_HASH;
      let entries = 0;
      let after = 0;
      for (;;) {
        const batch = await auditBatch(deps.db, {}, after, VERIFY_BATCH);
        for (const row of batch) {
          entries++;
          if (row.prevHash !== prev || chainHash(row, row.prevHash) !== row.hash) {
            return { ok: false, entries, first_bad_id: row.id };
          }
          prev = row.hash;
        }
        const last = batch.at(-1);
        if (!last || batch.length < VERIFY_BATCH) return { ok: true, entries, first_bad_id: null };
        after = last.id;
      }
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;

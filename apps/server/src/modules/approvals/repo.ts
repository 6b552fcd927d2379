import type { ApprovalKind, ApprovalStatus, RejectionCode } from '@openbroker/domain';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { approvals } from '../../db/schema.ts';
import type { DbOrTx } from '../accounts/repo.ts';

export type ApprovalRow = typeof approvals.$inferSelect;

export async function insertApproval(
  tx: DbOrTx,
  values: {
    kind: ApprovalKind;
    objectType: string;
    objectId: string;
    payload: Record<string, unknown>;
    summary: string;
    requestedBy: number;
    requestedAt: Date;
  },
): Promise<ApprovalRow> {
  const [row] = await tx.insert(approvals).values(values).returning();
  if (!row) throw new Error('approval insert returned nothing');
  return row;
}

export async function findApproval(db: DbOrTx, id: number): Promise<ApprovalRow | undefined> {
  const [row] = await db.select().from(approvals).where(eq(approvals.id, id));
  return row;
}

/**
 * Decides a pending request compare-and-set (DESIGN §11): only while it is still pending, and never
 * by its requester. Undefined when nothing changed; the caller reads the row to say why.
 */
export async function decideApproval(
  tx: DbOrTx,
  id: number,
  to: Exclude<ApprovalStatus, 'pending'>,
  decidedBy: number,
  at: Date,
  reason?: { code: RejectionCode; text: string },
): Promise<ApprovalRow | undefined> {
  const [row] = await tx
    .update(approvals)
    .set({
      status: to,
      // Only the requester withdraws, and the row says so by its status (four eyes: decided_by is never the requester).
      decidedBy: to === 'cancelled' ? null : decidedBy,
      decidedAt: at,
      reasonCode: reason?.code ?? null,
      reason: reason?.text ?? null,
    })
    .where(
      and(
        eq(approvals.id, id),
        eq(approvals.status, 'pending'),
        // A requester may withdraw their own request, never approve or reject it.
        to === 'cancelled' ? eq(approvals.requestedBy, decidedBy) : ne(approvals.requestedBy, decidedBy),
      ),
    )
    .returning();
  return row;
}

export interface ApprovalFilter {
  status?: ApprovalStatus;
  kind?: ApprovalKind;
  objectType?: string;
  objectId?: string;
}

export async function pageOfApprovals(db: DbOrTx, f: ApprovalFilter, page: number, perPage: number) {
  const where = and(
    f.status ? eq(approvals.status, f.status) : undefined,
    f.kind ? eq(approvals.kind, f.kind) : undefined,
    f.objectType ? eq(approvals.objectType, f.objectType) : undefined,
    f.objectId ? eq(approvals.objectId, f.objectId) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(approvals)
      .where(where)
      .orderBy(desc(approvals.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(approvals).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function countPendingApprovals(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(approvals)
    .where(eq(approvals.status, 'pending'));
  return row?.n ?? 0;
}

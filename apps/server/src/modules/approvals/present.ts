import type { Approval, ApprovalKind, RejectionCode } from '@openbroker/domain';
import { inArray } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { DbOrTx } from '../accounts/repo.ts';
import type { ApprovalRow } from './repo.ts';

/** Approvals as staff read them, with who asked and who decided by name (one query for the names). */
export async function presentApprovals(db: DbOrTx, rows: ApprovalRow[]): Promise<Approval[]> {
  const ids = [
    ...new Set(rows.flatMap((r) => (r.decidedBy === null ? [r.requestedBy] : [r.requestedBy, r.decidedBy]))),
  ];
  const people =
    ids.length === 0
      ? []
      : await db
          .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email })
          .from(users)
          .where(inArray(users.id, ids));
  const nameOf = new Map(people.map((p) => [p.id, `${p.first} ${p.last}`.trim() || p.email]));
  const person = (id: number) => ({ id, name: nameOf.get(id) ?? `#${id}` });
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as ApprovalKind,
    status: r.status,
    object_type: r.objectType,
    object_id: r.objectId,
    summary: r.summary,
    payload: r.payload as Record<string, unknown>,
    requested_by: person(r.requestedBy),
    requested_at: r.requestedAt.toISOString(),
    decided_by: r.decidedBy === null ? null : person(r.decidedBy),
    decided_at: r.decidedAt?.toISOString() ?? null,
    reason_code: (r.reasonCode as RejectionCode | null) ?? null,
    reason: r.reason,
  }));
}

export async function presentApproval(db: DbOrTx, row: ApprovalRow): Promise<Approval> {
  const [one] = await presentApprovals(db, [row]);
  if (!one) throw new Error('approval vanished');
  return one;
}

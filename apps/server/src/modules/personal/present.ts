import {
  type FieldChange,
  PERSONAL_FIELDS,
  type PersonalChangeRequest,
  type PersonalVersion,
  personalChangePayloadSchema,
  REJECTION_CODES,
  REJECTION_LABELS,
  type RejectionCode,
} from '@openbroker/domain';
import type { ApprovalRow } from '../approvals/repo.ts';
import type { listVersions } from './repo.ts';

const isCode = (c: string | null): c is RejectionCode =>
  (REJECTION_CODES as readonly (string | null)[]).includes(c);

/** A `personal_change` approval as the customer reads it: the fields asked for, before and after. */
export function presentRequest(row: ApprovalRow): PersonalChangeRequest {
  const parsed = personalChangePayloadSchema.safeParse(row.payload);
  const payload = parsed.success ? parsed.data : { fields: {}, before: {} };
  const changes: FieldChange[] = PERSONAL_FIELDS.filter((f) => f in payload.fields).map((field) => ({
    field,
    before: payload.before[field] ?? null,
    after: payload.fields[field] ?? null,
  }));
  const code = isCode(row.reasonCode) ? row.reasonCode : null;
  return {
    id: row.id,
    status: row.status,
    changes,
    requested_at: row.requestedAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    reason_code: code,
    reason_label: code ? REJECTION_LABELS[code] : null,
    reason: row.reason,
  };
}

type VersionJoin = Awaited<ReturnType<typeof listVersions>>[number];

/** A kept version; `forStaff` adds who did it by name (a customer sees only "staff"). */
export function presentVersion(r: VersionJoin, forStaff: boolean): PersonalVersion {
  const showActor = forStaff || r.v.byKind === 'customer';
  return {
    version: r.v.version,
    changes: r.v.changes as FieldChange[],
    by: r.v.byKind,
    actor: showActor ? { id: r.v.actorId, name: `${r.first} ${r.last}`.trim() || r.email } : null,
    approval_id: r.v.approvalId,
    created_at: r.v.createdAt.toISOString(),
  };
}

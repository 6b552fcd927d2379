import { z } from 'zod';

/** DESIGN §11–§12: a request waits for a second staff member, then is approved, rejected or withdrawn. */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_TRANSITIONS: Readonly<Record<ApprovalStatus, readonly ApprovalStatus[]>> = {
  pending: ['approved', 'rejected', 'cancelled'],
  approved: [],
  rejected: [],
  cancelled: [],
};

/** What kinds of request the queue holds (deposits, withdrawals, verification and AutoTrader join later). */
export const APPROVAL_KINDS = [
  'balance_adjustment',
  'verification_approval',
  'personal_change',
  'autotrader',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/** A rejection always carries a coded reason (B2Core requires one), and words for the record. */
export const REJECTION_CODES = [
  'incorrect_amount',
  'insufficient_evidence',
  'duplicate_request',
  'policy_violation',
  'suspected_fraud',
  'other',
] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];

export const REJECTION_LABELS: Readonly<Record<RejectionCode, string>> = {
  incorrect_amount: 'Incorrect amount',
  insufficient_evidence: 'Insufficient evidence',
  duplicate_request: 'Duplicate request',
  policy_violation: 'Against policy',
  suspected_fraud: 'Suspected fraud',
  other: 'Other',
};

export const approvalRejectSchema = z.object({
  reason_code: z.enum(REJECTION_CODES, { error: 'Choose a reason' }),
  reason: z.string().trim().min(3, 'Give a reason of at least 3 characters').max(500),
});
export type ApprovalReject = z.infer<typeof approvalRejectSchema>;

export const approvalSchema = z.object({
  id: z.number(),
  kind: z.enum(APPROVAL_KINDS),
  status: z.enum(APPROVAL_STATUSES),
  object_type: z.string(),
  object_id: z.string(),
  summary: z.string(),
  payload: z.record(z.string(), z.unknown()),
  requested_by: z.object({ id: z.number(), name: z.string() }),
  requested_at: z.string(),
  decided_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  decided_at: z.string().nullable(),
  reason_code: z.enum(REJECTION_CODES).nullable(),
  reason: z.string().nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;

export const approvalQuerySchema = z.object({
  status: z.enum(APPROVAL_STATUSES).optional(),
  kind: z.enum(APPROVAL_KINDS).optional(),
  object_type: z.string().max(50).optional(),
  object_id: z.string().max(50).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(25),
});

import { z } from 'zod';
import { pagedSchema } from '../schemas/trading.ts';
import { VERIFICATION_REJECTION_CODES } from './reasons.ts';
import { REQUIREMENT_KINDS, REQUIREMENT_STATES } from './requirements.ts';

export const DOCUMENT_TYPES = [
  'passport',
  'id_card',
  'driving_licence',
  'utility_bill',
  'bank_statement',
  'selfie',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_SIDES = ['front', 'back'] as const;
export type DocumentSide = (typeof DOCUMENT_SIDES)[number];

export const DOCUMENT_TYPE_LABELS: Readonly<Record<DocumentType, string>> = {
  passport: 'Passport',
  id_card: 'ID card',
  driving_licence: 'Driving licence',
  utility_bill: 'Utility bill',
  bank_statement: 'Bank statement',
  selfie: 'Selfie',
  other: 'Other document',
};

/** One verification file: at most 10 MB, like chat; a customer keeps at most 50 MB in all. */
export const VERIFICATION_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const VERIFICATION_STORAGE_CAP_BYTES = 50 * 1024 * 1024;

const kind = z.enum(REQUIREMENT_KINDS);

/** The fields sent beside the file of `POST /verification/documents`. */
export const documentUploadFieldsSchema = z.object({
  requirement: z.enum(REQUIREMENT_KINDS, { error: 'Choose which requirement this document is for' }),
  document_type: z.enum(DOCUMENT_TYPES, { error: 'Choose the type of document' }),
  side: z
    .enum([...DOCUMENT_SIDES, 'null', ''], { error: 'The side must be front or back' })
    .optional()
    .transform((s) => (s === 'front' || s === 'back' ? s : null)),
});

export const verificationDocumentSchema = z.object({
  id: z.string(),
  requirement: kind,
  document_type: z.enum(DOCUMENT_TYPES),
  side: z.enum(DOCUMENT_SIDES).nullable(),
  file_name: z.string(),
  mime: z.string(),
  size: z.number(),
  is_image: z.boolean(),
  /** Submitted files belong to a submission; files uploaded since the last submit do not yet. */
  submitted: z.boolean(),
  created_at: z.string(),
  download_url: z.string(),
});
export type VerificationDocument = z.infer<typeof verificationDocumentSchema>;

export const verificationLevelSchema = z.object({
  level: z.number().int().min(0).max(10),
  name: z.string().trim().min(1).max(60),
  requires: z.array(kind).max(REQUIREMENT_KINDS.length),
  /** USD; null: no limit. */
  deposit_limit_usd: z.number().min(0).max(1_000_000_000).nullable(),
  withdrawals: z.boolean(),
});
export type VerificationLevelDto = z.infer<typeof verificationLevelSchema>;

export const verificationRequirementSchema = z.object({
  kind,
  label: z.string(),
  state: z.enum(REQUIREMENT_STATES),
  /** Plain words for the state (e.g. "Being reviewed"). */
  state_label: z.string(),
  /** Why it was rejected, in plain words (the coded text, then staff's message). */
  reason: z.string().nullable(),
  submissions_left: z.number(),
  /** The lowest level that needs it; null when no level does (optional evidence). */
  needed_for_level: z.number().nullable(),
  can_upload: z.boolean(),
  expires_at: z.string().nullable(),
  documents: z.array(verificationDocumentSchema),
});
export type VerificationRequirement = z.infer<typeof verificationRequirementSchema>;

export const verificationOverviewSchema = z.object({
  level: z.number(),
  level_name: z.string(),
  unlocks: z.array(z.string()),
  next_level: z.object({ level: z.number(), name: z.string(), unlocks: z.array(z.string()) }).nullable(),
  next_step: z.string(),
  withdrawals: z.boolean(),
  deposit_limit_usd: z.number().nullable(),
  can_upload: z.boolean(),
  storage: z.object({ used: z.number(), cap: z.number() }),
  requirements: z.array(verificationRequirementSchema),
});
export type VerificationOverview = z.infer<typeof verificationOverviewSchema>;

export const verificationRejectSchema = z.object({
  reason_code: z.enum(VERIFICATION_REJECTION_CODES, { error: 'Choose a reason' }),
  /** Shown to the customer under the coded text. */
  message: z.string().trim().max(500).default(''),
  /** Staff only: never shown to the customer. */
  comment: z.string().trim().max(2000).default(''),
  final: z.boolean().default(false),
});
export type VerificationReject = z.infer<typeof verificationRejectSchema>;

export const verificationApproveSchema = z.object({
  /** When the verification stops counting (e.g. the document's expiry date); none by default. */
  expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
  comment: z.string().trim().max(2000).default(''),
});
export type VerificationApprove = z.infer<typeof verificationApproveSchema>;

export const verificationSettingsSchema = z.object({
  /** Whether a new customer stays pending until verification reaches level 1. */
  approval_requires_verification: z.boolean(),
  /** Whether an approval waits for a second staff member (approvals queue). */
  four_eyes: z.boolean(),
  max_submissions: z.number().int().min(1).max(20),
  levels: z
    .array(verificationLevelSchema)
    .min(1)
    .max(10)
    .refine((ls) => new Set(ls.map((l) => l.level)).size === ls.length, 'Each level number once')
    .refine((ls) => ls.some((l) => l.level === 0), 'Level 0 (after sign-up) must exist'),
});
export type VerificationSettings = z.infer<typeof verificationSettingsSchema>;

export const verificationQueueQuerySchema = z.object({
  status: z.enum(['pending', 'rejected', 'verified', 'all']).default('pending'),
  level: z.coerce.number().int().min(0).max(10).optional(),
  /** Only customers whose oldest pending submission is at least this many days old. */
  age: z.coerce.number().int().min(0).max(3650).optional(),
  country: z.string().trim().max(60).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(25),
  sort: z.enum(['oldest', 'newest']).default('oldest'),
});
export type VerificationQueueQuery = z.infer<typeof verificationQueueQuerySchema>;

export const verificationQueueItemSchema = z.object({
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  country: z.string().nullable(),
  level: z.number(),
  pending: z.array(kind),
  /** The oldest pending submission (what the queue sorts by). */
  submitted_at: z.string().nullable(),
});
export const verificationQueuePageSchema = pagedSchema(verificationQueueItemSchema);
export type VerificationQueueItem = z.infer<typeof verificationQueueItemSchema>;

export const verificationReviewSchema = z.object({
  customer: z.object({
    id: z.number(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string().nullable(),
    country: z.string().nullable(),
    nationality: z.string().nullable(),
    status: z.string(),
    created_at: z.string(),
  }),
  level: z.number(),
  level_name: z.string(),
  requirements: z.array(
    verificationRequirementSchema.extend({
      reason_code: z.enum(VERIFICATION_REJECTION_CODES).nullable(),
      staff_comment: z.string().nullable(),
      submitted_at: z.string().nullable(),
      /** An approval waiting for a second staff member (four eyes). */
      approval_pending: z.boolean(),
    }),
  ),
});
export type VerificationReview = z.infer<typeof verificationReviewSchema>;

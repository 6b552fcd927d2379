import { z } from 'zod';
import { pagedSchema } from './trading.ts';

/** One row of the audit trail as staff read it (DESIGN §12). */
export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor_id: z.number().nullable(),
  actor_name: z.string().nullable(),
  actor_ip: z.string().nullable(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pagedSchema(auditEntrySchema);

const optionalText = z.string().trim().min(1).max(100).optional();

/** Filters of the audit viewer and its CSV export. */
export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
  actor_id: z.coerce.number().int().positive().optional(),
  action: optionalText,
  object_type: optionalText,
  object_id: optionalText,
  from: z.iso.datetime({ offset: true, error: 'From must be a date and time' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'To must be a date and time' }).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditVerifySchema = z.object({
  ok: z.boolean(),
  entries: z.number(),
  first_bad_id: z.number().nullable(),
});

export const auditFacetsSchema = z.object({
  actors: z.array(z.object({ id: z.number(), name: z.string() })),
  actions: z.array(z.string()),
  object_types: z.array(z.string()),
});
export type AuditFacets = z.infer<typeof auditFacetsSchema>;

import { createHmac } from 'node:crypto';
import { REQUIREMENT_KINDS, type RequirementKind, type VerificationRejectionCode } from '@openbroker/domain';
import { z } from 'zod';
import { checkSignedWebhook, type ProviderResult, type VerificationProvider } from './provider.ts';

/**
 * A Sumsub-style adapter. Applicants are created with our user id as `externalUserId`; the
 * provider's "applicantReviewed" webhook carries GREEN (approve) or RED with RETRY or FINAL.
 * Each of the provider's verification levels covers some of our requirements (`levelKinds`).
 * Webhooks are signed: `X-Payload-Digest` = HMAC-SHA256 hex of `<X-Payload-Timestamp>.<raw body>`.
 */
const webhookSchema = z.object({
  type: z.string(),
  applicantId: z.string(),
  correlationId: z.string().min(1).max(200),
  externalUserId: z.string().regex(/^\d{1,15}$/),
  levelName: z.string().optional(),
  reviewStatus: z.string().optional(),
  createdAtMs: z.string().optional(),
  reviewResult: z
    .object({
      reviewAnswer: z.enum(['GREEN', 'RED']),
      reviewRejectType: z.enum(['RETRY', 'FINAL']).optional(),
      rejectLabels: z.array(z.string()).optional(),
      moderationComment: z.string().optional(),
      clientComment: z.string().optional(),
    })
    .optional(),
});

/** Sumsub's reject labels, mapped to our codes (anything unknown is `other`). */
const LABELS: Readonly<Record<string, VerificationRejectionCode>> = {
  BAD_PROOF_OF_IDENTITY: 'document_unreadable',
  UNSATISFACTORY_PHOTOS: 'document_unreadable',
  DOCUMENT_DAMAGED: 'document_unreadable',
  DOCUMENT_PAGE_MISSING: 'document_unreadable',
  EXPIRATION_DATE: 'document_expired',
  PROBLEMATIC_APPLICANT_DATA: 'name_mismatch',
  BAD_PROOF_OF_ADDRESS: 'address_mismatch',
  WRONG_ADDRESS: 'address_mismatch',
  ID_INVALID: 'not_accepted_type',
  UNSUPPORTED_DOCUMENT: 'not_accepted_type',
  FORGERY: 'suspected_forgery',
  FRAUDULENT_PATTERNS: 'suspected_forgery',
};

export interface SumsubOptions {
  webhookSecret: string;
  appToken?: string;
  appSecret?: string;
  baseUrl?: string;
  /** Which of our requirements each provider level checks; unknown levels: the identity document. */
  levelKinds?: Record<string, RequirementKind[]>;
  /** The level new applicants start at. */
  levelName?: string;
  /** Injected so tests (and installs without network) never call out. */
  fetch?: typeof fetch;
  now?: () => Date;
}

export const DEFAULT_SUMSUB_LEVEL_KINDS: Record<string, RequirementKind[]> = {
  'basic-kyc-level': ['identity_document', 'selfie'],
  'address-level': ['proof_of_address'],
  'full-kyc-level': ['identity_document', 'selfie', 'proof_of_address'],
};

export function createSumsubProvider(opts: SumsubOptions): VerificationProvider {
  const levelKinds = opts.levelKinds ?? DEFAULT_SUMSUB_LEVEL_KINDS;
  return {
    name: 'sumsub',

    async createApplicant(user) {
      const doFetch = opts.fetch ?? fetch;
      const level = opts.levelName ?? 'basic-kyc-level';
      const path = `/resources/applicants?levelName=${encodeURIComponent(level)}`;
      const body = JSON.stringify({
        externalUserId: String(user.id),
        email: user.email,
        fixedInfo: { firstName: user.firstName, lastName: user.lastName },
      });
      const ts = Math.floor((opts.now?.() ?? new Date()).getTime() / 1000);
      // Sumsub signs requests with HMAC-SHA256 of ts + method + path + body under the app secret.
      const sig = createHmac('sha256', opts.appSecret ?? '')
        .update(`${ts}POST${path}${body}`)
        .digest('hex');
      const res = await doFetch(`${opts.baseUrl ?? 'https://api.sumsub.com'}${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-App-Token': opts.appToken ?? '',
          'X-App-Access-Ts': String(ts),
          'X-App-Access-Sig': sig,
        },
        body,
      });
      if (!res.ok) throw new Error(`sumsub createApplicant failed with ${res.status}`);
      const parsed = z.object({ id: z.string() }).parse(await res.json());
      return { applicantId: parsed.id };
    },

    verifyWebhook(req) {
      return checkSignedWebhook(req, {
        secret: opts.webhookSecret,
        digestHeader: 'x-payload-digest',
        timestampHeader: 'x-payload-timestamp',
      });
    },

    parseResult(rawBody): ProviderResult | null {
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return null;
      }
      const parsed = webhookSchema.safeParse(json);
      if (!parsed.success) return null;
      const p = parsed.data;
      const kinds = (p.levelName && levelKinds[p.levelName]) || ['identity_document' as const];
      const base = {
        eventId: `${p.type}:${p.correlationId}`,
        userId: Number(p.externalUserId),
        kinds: kinds.filter((k) => (REQUIREMENT_KINDS as readonly string[]).includes(k)),
      };
      const review = p.reviewResult;
      if (p.type !== 'applicantReviewed' || !review) return { ...base, decision: null };
      if (review.reviewAnswer === 'GREEN') return { ...base, decision: 'approve' };
      const code = review.rejectLabels?.map((l) => LABELS[l]).find((c) => c !== undefined) ?? 'other';
      return {
        ...base,
        decision: review.reviewRejectType === 'FINAL' ? 'reject_final' : 'reject',
        reasonCode: code,
        // clientComment is the provider's customer-facing text; moderationComment is internal.
        message: review.clientComment?.slice(0, 500),
      };
    },
  };
}

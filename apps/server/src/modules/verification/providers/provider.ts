import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RequirementKind, VerificationRejectionCode } from '@openbroker/domain';

/** What a provider concluded about some of a customer's requirements. */
export interface ProviderResult {
  /** Unique per event: a redelivery with the same id changes nothing. */
  eventId: string;
  userId: number;
  kinds: RequirementKind[];
  /** null: an event we record but do not act on (e.g. "applicant created"). */
  decision: 'approve' | 'reject' | 'reject_final' | null;
  reasonCode?: VerificationRejectionCode;
  /** Shown to the customer under the coded text. */
  message?: string;
}

export interface WebhookRequest {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
  now: Date;
}

export type WebhookCheck = { ok: true } | { ok: false; why: string };

/**
 * An automated verification service (Sumsub-style): the platform creates an applicant, the
 * customer goes through the provider's flow, and the provider calls our webhook with the result.
 * The built-in `manual` provider is staff review in the back office and has no webhook.
 */
export interface VerificationProvider {
  readonly name: string;
  createApplicant(user: { id: number; email: string; firstName: string; lastName: string }): Promise<{
    applicantId: string;
  }>;
  /** Checks the signature over the raw body and the timestamp's age; nothing is parsed before. */
  verifyWebhook(req: WebhookRequest): WebhookCheck;
  /** The result carried by a verified webhook body; null when the body is not one we understand. */
  parseResult(rawBody: Buffer): ProviderResult | null;
}

/** The default: staff decide in the back office, so there is no applicant elsewhere and no webhook. */
export const manualProvider: VerificationProvider = {
  name: 'manual',
  async createApplicant(user) {
    return { applicantId: `manual-${user.id}` };
  },
  verifyWebhook() {
    return { ok: false, why: 'the manual provider takes no webhooks' };
  },
  parseResult() {
    return null;
  },
};

/** Seconds a webhook's timestamp may differ from our clock (either way) before it is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

function header(h: WebhookRequest['headers'], name: string): string | undefined {
  const v = h[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/** HMAC-SHA256 (hex) over `<timestamp>.<raw body>`: binding the time stops a replay with a new one. */
export function signWebhook(secret: string, timestamp: number, rawBody: Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/**
 * The shared check: a timestamp header within the tolerance, and a digest header equal (in
 * constant time) to our HMAC of the timestamp and the raw body.
 */
export function checkSignedWebhook(
  req: WebhookRequest,
  opts: { secret: string; digestHeader: string; timestampHeader: string },
): WebhookCheck {
  const ts = Number(header(req.headers, opts.timestampHeader));
  if (!Number.isInteger(ts)) return { ok: false, why: 'no timestamp' };
  const age = Math.abs(req.now.getTime() / 1000 - ts);
  if (age > WEBHOOK_TOLERANCE_SECONDS) return { ok: false, why: `timestamp off by ${Math.round(age)} s` };
  const given = header(req.headers, opts.digestHeader) ?? '';
  const expected = signWebhook(opts.secret, ts, req.rawBody);
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  if (a.length !== b.length || !timingSafeEqual(a, b)) return { ok: false, why: 'bad signature' };
  return { ok: true };
}

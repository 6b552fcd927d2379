import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Clock } from '../../../lib/clock.ts';
import { checkTimestampedSignature, headerValue, signatureHeader } from './signing.ts';
import type { PaymentProvider, ProviderEvent } from './types.ts';

export const SANDBOX_CARD = 'sandbox-card';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A card checkout stays open this long, like a real provider's hosted page. */
export const CARD_CHECKOUT_TTL_MS = 30 * 60 * 1000;

/** The path of the sandbox's hosted page for a session (under the API prefix). */
export const sandboxCheckoutPath = (sessionId: string) => `/api/v1/payments/sandbox/checkout/${sessionId}`;

/** What the sandbox's hosted page reports to our callback, signed like a real provider's event. */
const sandboxEventSchema = z.object({
  id: z.string().min(8).max(100),
  type: z.enum(['checkout.completed', 'checkout.failed', 'checkout.expired']),
  session_id: z.string().min(8).max(100),
  amount_cents: z.string().regex(/^\d{1,18}$/),
  currency: z.string().regex(/^[A-Z]{3}$/),
  card_last4: z
    .string()
    .regex(/^\d{4}$/)
    .nullable(),
  card_brand: z.string().max(20).nullable(),
});
export type SandboxCardEvent = z.infer<typeof sandboxEventSchema>;

/**
 * The callback secret: SANDBOX_CARD_SECRET, else one generated once per data directory (kept in
 * `<dataDir>/secrets/sandbox-card.key`, readable by the server only). It never comes from a client.
 * Several nodes without a shared data directory should set SANDBOX_CARD_SECRET.
 */
export function sandboxCardSecret(env: NodeJS.ProcessEnv, dataDir: string): () => string {
  let secret: string | undefined;
  return () => {
    if (secret) return secret;
    const fromEnv = env.SANDBOX_CARD_SECRET;
    if (fromEnv && fromEnv.length >= 16) {
      secret = fromEnv;
      return secret;
    }
    const dir = path.join(dataDir, 'secrets');
    const file = path.join(dir, 'sandbox-card.key');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    try {
      writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    } catch (e) {
      if ((e as { code?: unknown }).code !== 'EEXIST') throw e;
    }
    secret = readFileSync(file, 'utf8').trim();
    return secret;
  };
}

export interface SandboxCardProvider extends PaymentProvider {
  /** Signs an event as the sandbox's "payment network" would deliver it. */
  sign(event: SandboxCardEvent): { rawBody: Buffer; headers: Record<string, string> };
}

/**
 * The built-in card provider for development and demos (issue 14): it opens a checkout on its own
 * hosted page (served by the payments module, marked plainly as sandbox), and the page reports the
 * outcome by a signed callback through the same handler a real provider's webhook uses.
 */
export function createSandboxCardProvider(deps: {
  secret: () => string;
  publicUrl: string;
  clock: Clock;
}): SandboxCardProvider {
  return {
    name: SANDBOX_CARD,
    sandbox: true,
    async createCheckout() {
      const id = `sbx_cs_${randomBytes(18).toString('base64url')}`;
      return {
        id,
        url: `${deps.publicUrl}${sandboxCheckoutPath(id)}`,
        expiresAt: new Date(deps.clock.now().getTime() + CARD_CHECKOUT_TTL_MS),
      };
    },
    verifyCallback({ rawBody, headers, now }) {
      return checkTimestampedSignature(
        headerValue(headers, SANDBOX_SIGNATURE_HEADER),
        deps.secret(),
        rawBody,
        now,
      );
    },
    parseCallback(rawBody): ProviderEvent | undefined {
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return undefined;
      }
      const parsed = sandboxEventSchema.safeParse(json);
      if (!parsed.success) return undefined;
      const e = parsed.data;
      return {
        eventId: e.id,
        type: e.type,
        ref: e.session_id,
        amountCents: BigInt(e.amount_cents),
        currency: e.currency,
        cardLast4: e.card_last4 ?? undefined,
        cardBrand: e.card_brand ?? undefined,
      };
    },
    async payout(input) {
      // A sandbox refund settles at once: nothing leaves any real account.
      return { ref: `sbx_re_${input.withdrawalId}_${randomBytes(6).toString('hex')}`, status: 'completed' };
    },
    sign(event) {
      const rawBody = Buffer.from(JSON.stringify(event), 'utf8');
      const t = Math.floor(deps.clock.now().getTime() / 1000);
      return { rawBody, headers: { [SANDBOX_SIGNATURE_HEADER]: signatureHeader(deps.secret(), t, rawBody) } };
    },
  };
}

export function isSandboxCard(p: PaymentProvider | undefined): p is SandboxCardProvider {
  return p !== undefined && p.name === SANDBOX_CARD && 'sign' in p && typeof p.sign === 'function';
}

import { z } from 'zod';
import type { Clock } from '../../../lib/clock.ts';
import { checkTimestampedSignature, headerValue } from './signing.ts';
import type { CheckoutInput, CheckoutSession, PaymentProvider, ProviderEvent } from './types.ts';

export const STRIPE = 'stripe';
const API_BASE = 'https://api.stripe.com';
/** Stripe refuses a Checkout Session that expires sooner than 30 minutes after it is made. */
const SESSION_TTL_MS = 31 * 60 * 1000;
/** Stripe amounts are in the currency's smallest unit; these have none below the unit. */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

type Fetch = typeof fetch;

const sessionSchema = z.object({
  id: z.string(),
  object: z.literal('checkout.session'),
  url: z.string().nullable(),
  expires_at: z.number(),
});

const eventSchema = z.object({
  id: z.string(),
  object: z.literal('event'),
  type: z.string(),
  data: z.object({
    object: z.object({
      id: z.string(),
      object: z.string(),
      amount_total: z.number().nullable().optional(),
      currency: z.string().nullable().optional(),
      payment_status: z.string().optional(),
    }),
  }),
});

function toStripeAmount(cents: bigint, currency: string): bigint {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? cents / 100n : cents;
}
function fromStripeAmount(amount: number, currency: string): bigint {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? BigInt(amount) * 100n : BigInt(amount);
}

/** The form encoding Stripe's API takes (`line_items[0][price_data][currency]=usd`). */
export function stripeForm(input: CheckoutInput, now: Date): URLSearchParams {
  const f = new URLSearchParams();
  const deposit = String(input.depositId);
  const returnTo = new URL(input.returnUrl);
  returnTo.searchParams.set('deposit', deposit);
  f.set('mode', 'payment');
  f.set('success_url', returnTo.toString());
  f.set('cancel_url', returnTo.toString());
  f.set('client_reference_id', deposit);
  f.set('customer_email', input.customerEmail);
  f.set('payment_method_types[0]', 'card');
  f.set('line_items[0][quantity]', '1');
  f.set('line_items[0][price_data][currency]', input.currency.toLowerCase());
  f.set('line_items[0][price_data][unit_amount]', String(toStripeAmount(input.amountCents, input.currency)));
  f.set('line_items[0][price_data][product_data][name]', `Deposit #${deposit}`);
  f.set('metadata[deposit_id]', deposit);
  f.set('payment_intent_data[metadata][deposit_id]', deposit);
  f.set('expires_at', String(Math.floor((now.getTime() + SESSION_TTL_MS) / 1000)));
  return f;
}

/**
 * Stripe Checkout (hosted payment page) as a card provider: a Checkout Session per deposit, and
 * webhooks signed with `Stripe-Signature: t=…,v1=…` (HMAC-SHA256 of `t.body` with the endpoint's
 * signing secret). Configured by STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; a broker taking
 * another provider writes the same three functions against its API.
 */
export function createStripeProvider(deps: {
  secretKey: string;
  webhookSecret: string;
  clock: Clock;
  fetch?: Fetch;
  apiBase?: string;
}): PaymentProvider {
  const doFetch = deps.fetch ?? fetch;
  const base = deps.apiBase ?? API_BASE;
  return {
    name: STRIPE,
    sandbox: deps.secretKey.startsWith('sk_test_') || deps.secretKey.startsWith('rk_test_'),
    async createCheckout(input): Promise<CheckoutSession> {
      const res = await doFetch(`${base}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${deps.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          // A retried create returns the same session instead of opening a second one.
          'idempotency-key': `deposit-${input.depositId}`,
        },
        body: stripeForm(input, deps.clock.now()).toString(),
        signal: AbortSignal.timeout(15_000),
      });
      const body: unknown = await res.json().catch(() => null);
      if (!res.ok) {
        const message = z.object({ error: z.object({ message: z.string() }) }).safeParse(body).data
          ?.error.message;
        throw new Error(`Stripe refused the checkout session (${res.status}): ${message ?? 'no message'}`);
      }
      const session = sessionSchema.parse(body);
      if (!session.url) throw new Error('Stripe returned a checkout session without a url');
      return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },
    verifyCallback({ rawBody, headers, now }) {
      return checkTimestampedSignature(
        headerValue(headers, 'stripe-signature'),
        deps.webhookSecret,
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
      const parsed = eventSchema.safeParse(json);
      if (!parsed.success || parsed.data.data.object.object !== 'checkout.session') return undefined;
      const { id, type } = parsed.data;
      const session = parsed.data.data.object;
      const currency = session.currency?.toUpperCase();
      const amountCents =
        session.amount_total != null && currency
          ? fromStripeAmount(session.amount_total, currency)
          : undefined;
      const base = { eventId: id, ref: session.id, amountCents, currency };
      switch (type) {
        case 'checkout.session.completed':
          // Card payments are paid on completion; delayed methods report later (async_payment_*).
          return session.payment_status === 'paid' ? { ...base, type: 'checkout.completed' } : undefined;
        case 'checkout.session.async_payment_succeeded':
          return { ...base, type: 'checkout.completed' };
        case 'checkout.session.async_payment_failed':
          return { ...base, type: 'checkout.failed' };
        case 'checkout.session.expired':
          return { ...base, type: 'checkout.expired' };
        default:
          return undefined;
      }
    },
  };
}

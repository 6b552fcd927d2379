import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../lib/clock.ts';
import { fixtureJson, fixtureText } from '../fixtures/fixtures.ts';
import { signatureHeader } from './signing.ts';
import { createStripeProvider } from './stripe.ts';

const clock = manualClock(new Date(1767798600 * 1000));
const SECRET_KEY = 'sk_test_51Fixture000000000000000000000000000000000000000000000000000000';
const WEBHOOK_SECRET = 'whsec_fixture_0123456789abcdef';

interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  form: Record<string, string>;
}

function recordingFetch(status: number, body: string) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    calls.push({ url: String(input), init: init ?? {} });
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  };
  return { calls, fetchImpl };
}

const webhook = (name: string, at = clock.now()) => {
  const rawBody = Buffer.from(fixtureText(`stripe/${name}`), 'utf8');
  const t = Math.floor(at.getTime() / 1000);
  return { rawBody, headers: { 'stripe-signature': signatureHeader(WEBHOOK_SECRET, t, rawBody) } };
};

describe('the Stripe adapter, against recorded Stripe API shapes', () => {
  const input = {
    depositId: 42,
    amountCents: 25_000n,
    currency: 'EUR',
    customerEmail: 'jane@example.com',
    returnUrl: 'https://broker.example/main/deposit/card',
  };

  it('creates a Checkout Session with the recorded form-encoded request and reads the session back', async () => {
    const { calls, fetchImpl } = recordingFetch(
      200,
      fixtureText('stripe/checkout-session-create.response.json'),
    );
    const stripe = createStripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      clock,
      fetch: fetchImpl,
    });
    expect(stripe.sandbox).toBe(true);
    const session = await stripe.createCheckout?.(input);
    expect(session).toEqual({
      id: 'cs_test_a1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvWxYz0123456789AbCdEfGh',
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/),
      expiresAt: new Date(1767800460 * 1000),
    });
    const recorded = fixtureJson<RecordedRequest>('stripe/checkout-session-create.request.json');
    const [call] = calls;
    expect(call?.url).toBe(recorded.url);
    expect(call?.init.method).toBe(recorded.method);
    expect(call?.init.headers).toEqual(recorded.headers);
    expect(Object.fromEntries(new URLSearchParams(String(call?.init.body)))).toEqual(recorded.form);
  });

  it("turns Stripe's error answer into an error naming its message", async () => {
    const { fetchImpl } = recordingFetch(400, fixtureText('stripe/checkout-session-create.error.json'));
    const stripe = createStripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      clock,
      fetch: fetchImpl,
    });
    await expect(stripe.createCheckout?.(input)).rejects.toThrow(/400.*Invalid integer/);
  });

  it('verifies Stripe-Signature over the raw body within 300 s, and refuses anything else', () => {
    const stripe = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, clock });
    const good = webhook('event-checkout-session-completed.json');
    expect(stripe.verifyCallback?.({ ...good, now: clock.now() })).toEqual({ ok: true });
    // Another body under the same signature.
    const tampered = { ...good, rawBody: Buffer.from(good.rawBody.toString().replace('25000', '99999')) };
    expect(stripe.verifyCallback?.({ ...tampered, now: clock.now() })).toEqual({
      ok: false,
      why: 'bad signature',
    });
    const old = webhook('event-checkout-session-completed.json', new Date(clock.now().getTime() - 301_000));
    expect(stripe.verifyCallback?.({ ...old, now: clock.now() })).toMatchObject({ ok: false });
    expect(stripe.verifyCallback?.({ rawBody: good.rawBody, headers: {}, now: clock.now() })).toMatchObject({
      ok: false,
    });
    // A signature by another endpoint's secret.
    const t = Math.floor(clock.now().getTime() / 1000);
    const other = { 'stripe-signature': signatureHeader('whsec_other', t, good.rawBody) };
    expect(
      stripe.verifyCallback?.({ rawBody: good.rawBody, headers: other, now: clock.now() }),
    ).toMatchObject({
      ok: false,
    });
  });

  it('parses the checkout events it acts on and ignores the rest', () => {
    const stripe = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, clock });
    const parse = (name: string) => stripe.parseCallback?.(Buffer.from(fixtureText(`stripe/${name}`)));
    const ref = 'cs_test_a1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvWxYz0123456789AbCdEfGh';
    expect(parse('event-checkout-session-completed.json')).toEqual({
      eventId: 'evt_1Fixture0000000000000001',
      type: 'checkout.completed',
      ref,
      amountCents: 25_000n,
      currency: 'EUR',
    });
    expect(parse('event-checkout-session-expired.json')).toMatchObject({ type: 'checkout.expired', ref });
    expect(parse('event-checkout-session-async-payment-failed.json')).toMatchObject({
      eventId: 'evt_1Fixture0000000000000003',
      type: 'checkout.failed',
      ref,
    });
    // Completed but not yet paid (a delayed method): wait for async_payment_succeeded.
    expect(parse('event-checkout-session-completed-unpaid.json')).toBeUndefined();
    expect(parse('event-payment-intent-succeeded.json')).toBeUndefined();
    expect(stripe.parseCallback?.(Buffer.from('not json'))).toBeUndefined();
  });
});

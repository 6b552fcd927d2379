import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Clock } from '../../../lib/clock.ts';
import { createSandboxCardProvider, SANDBOX_CARD, sandboxCardSecret } from './sandboxCard.ts';
import { createStripeProvider, STRIPE } from './stripe.ts';
import type { PaymentProvider, ProviderRegistry } from './types.ts';

export const MANUAL_WIRE = 'manual-wire';
export const SANDBOX_CHAIN = 'sandbox-chain';
export const ESPLORA = 'esplora';

/** Which deposit kind each provider can serve (what staff may switch a method to). */
export const PROVIDER_KINDS: Readonly<Record<string, 'card' | 'wire' | 'crypto'>> = {
  [SANDBOX_CARD]: 'card',
  [STRIPE]: 'card',
  [MANUAL_WIRE]: 'wire',
  [SANDBOX_CHAIN]: 'crypto',
  [ESPLORA]: 'crypto',
};

/**
 * Bank wires: the customer sends money, staff confirm it. Payouts are sent by staff from the
 * broker's bank, so there is no `payout` here: a bank withdrawal stays `processing` until staff
 * mark it completed once the wire has gone out.
 */
const manualWire: PaymentProvider = { name: MANUAL_WIRE, sandbox: false };

/** The sandbox chain pays out at once with a made-up transaction id; no coin moves anywhere. */
const sandboxChain: PaymentProvider = {
  name: SANDBOX_CHAIN,
  sandbox: true,
  async payout() {
    return { ref: randomBytes(32).toString('hex'), status: 'completed' };
  },
};

/**
 * A real chain: the server holds no private key, so coins leave from the broker's own wallet;
 * staff send the payout there and mark the withdrawal done (no `payout` here).
 */
const esplora: PaymentProvider = { name: ESPLORA, sandbox: false };

/**
 * The payment providers this node serves, from the environment (issue 14). The sandbox card and
 * chain are there unless PAYMENTS_SANDBOX=off (development, demos, and a method staff switch back
 * to); Stripe only with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; Esplora with ESPLORA_URL.
 */
export function createPaymentProviders(deps: {
  env: NodeJS.ProcessEnv;
  clock: Clock;
  publicUrl: string;
  /** Where the sandbox card's generated callback secret is kept when SANDBOX_CARD_SECRET is unset. */
  dataDir?: string;
  /** Tests and adapters: Stripe's HTTP calls. */
  fetch?: typeof fetch;
}): ProviderRegistry {
  const { env } = deps;
  const dataDir = deps.dataDir ?? env.DATA_DIR ?? path.resolve('data');
  const providers = new Map<string, PaymentProvider>();
  // PAYMENTS_SANDBOX=off takes the sandboxes away (a production broker with real providers only).
  const sandboxes = env.PAYMENTS_SANDBOX !== 'off';
  if (sandboxes) {
    providers.set(
      SANDBOX_CARD,
      createSandboxCardProvider({
        secret: sandboxCardSecret(env, dataDir),
        publicUrl: deps.publicUrl,
        clock: deps.clock,
      }),
    );
  }
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    providers.set(
      STRIPE,
      createStripeProvider({
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        clock: deps.clock,
        fetch: deps.fetch,
        apiBase: env.STRIPE_API_BASE,
      }),
    );
  }
  providers.set(MANUAL_WIRE, manualWire);
  if (sandboxes) providers.set(SANDBOX_CHAIN, sandboxChain);
  if (env.ESPLORA_URL) providers.set(ESPLORA, esplora);
  return providers;
}

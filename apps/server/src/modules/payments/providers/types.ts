import type { IncomingHttpHeaders } from 'node:http';

/**
 * One payment provider behind one interface (issue 14, DESIGN §11): it opens a deposit (a hosted
 * checkout for cards), verifies and parses its own callbacks, and pays out where the method allows.
 * Secrets come from the environment or staff settings, never from the client.
 */
export interface PaymentProvider {
  /** 'sandbox-card', 'stripe', 'manual-wire', … (also the callback path: /payments/callbacks/{name}). */
  readonly name: string;
  /** A sandbox moves no real money; the UI says "Sandbox". */
  readonly sandbox: boolean;
  /** Card: opens a hosted payment page for a deposit. */
  createCheckout?(input: CheckoutInput): Promise<CheckoutSession>;
  /** Verifies a callback on its raw body (HMAC with timestamp tolerance, or the provider's scheme). */
  verifyCallback?(input: CallbackRequest): CallbackCheck;
  /** Parses a verified callback into what it says happened; undefined for events we ignore. */
  parseCallback?(rawBody: Buffer): ProviderEvent | undefined;
  /** Sends money out (card refund, bank or chain payout) where the method allows. */
  payout?(input: PayoutInput): Promise<PayoutResult>;
}

export interface CheckoutInput {
  depositId: number;
  /** What the customer pays, in minor units of `currency`. */
  amountCents: bigint;
  currency: string;
  customerEmail: string;
  /** Where the hosted page sends the customer back to. */
  returnUrl: string;
}

export interface CheckoutSession {
  /** The provider's id of the checkout (stored as the deposit's provider_ref). */
  id: string;
  /** The hosted payment page. */
  url: string;
  expiresAt: Date;
}

export interface CallbackRequest {
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
  now: Date;
}

export type CallbackCheck = { ok: true } | { ok: false; why: string };

/** What a verified callback reports, keyed by the provider's event id (handled once). */
export interface ProviderEvent {
  eventId: string;
  type: 'checkout.completed' | 'checkout.failed' | 'checkout.expired' | 'payout.completed' | 'payout.failed';
  /** The checkout or payout id the event is about. */
  ref: string;
  amountCents?: bigint;
  currency?: string;
  cardLast4?: string;
  cardBrand?: string;
}

export interface PayoutInput {
  withdrawalId: number;
  amountCents: bigint;
  currency: string;
  /** The withdrawal's destination as stored; a card refund names the deposits it pays back. */
  destination: Record<string, unknown>;
}

export interface PayoutResult {
  /** The provider's id of the payout. */
  ref: string;
  /** Some payouts settle at once (sandbox, card refunds); others report later by callback. */
  status: 'completed' | 'processing';
}

/** The providers configured on this node, by name. */
export type ProviderRegistry = ReadonlyMap<string, PaymentProvider>;

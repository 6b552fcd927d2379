import { err, ok, type Result } from '../errors.ts';
import type { Quote } from '../pricing/quote.ts';
import { ORDER_MESSAGES, validationFailed } from './messages.ts';
import type { Side } from './side.ts';

/**
 * Pending orders (DESIGN §6, replacing SPEC §4's "only logs its values"): a limit waits for a
 * better price than now, a stop for a worse one. Buys watch the ask they would pay, sells the bid.
 */
export const PENDING_KINDS = ['buy_limit', 'sell_limit', 'buy_stop', 'sell_stop'] as const;
export type PendingKind = (typeof PENDING_KINDS)[number];

/** The side of the position a pending order opens when it fills. */
export function pendingSide(kind: PendingKind): Side {
  return kind === 'buy_limit' || kind === 'buy_stop' ? 'buy' : 'sell';
}

/**
 * Whether a pending order at `price` fills on this quote (DESIGN §6): buy limit when ask ≤ price,
 * buy stop when ask ≥ price, sell limit when bid ≥ price, sell stop when bid ≤ price.
 * It then fills at the market (`openPrice`), which may be better than `price` after a gap.
 */
export function pendingTriggered(kind: PendingKind, price: number, q: Quote): boolean {
  switch (kind) {
    case 'buy_limit':
      return q.ask <= price;
    case 'buy_stop':
      return q.ask >= price;
    case 'sell_limit':
      return q.bid >= price;
    case 'sell_stop':
      return q.bid <= price;
  }
}

const WRONG_SIDE_MESSAGE: Readonly<Record<PendingKind, string>> = {
  buy_limit: ORDER_MESSAGES.buyLimit,
  buy_stop: ORDER_MESSAGES.buyStop,
  sell_limit: ORDER_MESSAGES.sellLimit,
  sell_stop: ORDER_MESSAGES.sellStop,
};

/**
 * Checks a pending order's price against the current quote (DESIGN §6): a buy limit must be below
 * the ask, a buy stop above it, a sell limit above the bid, a sell stop below it. Exactly the prices
 * that would not fill at once pass, so an accepted order never triggers on the quote it was placed at.
 * Fails with VALIDATION_FAILED on the field `price`.
 */
export function validatePendingPrice(kind: PendingKind, price: number, q: Quote): Result<number> {
  if (!Number.isFinite(price) || price <= 0) {
    return err(validationFailed({ price: [ORDER_MESSAGES.pricePositive] }));
  }
  if (pendingTriggered(kind, price, q)) {
    return err(validationFailed({ price: [WRONG_SIDE_MESSAGE[kind]] }));
  }
  return ok(price);
}

import type { Side } from '../orders/side.ts';

/** Spread used when an asset has none (SPEC §9: "default spreads 0.0001 when missing"). */
export const DEFAULT_SPREAD = 0.0001;

/** The two prices a customer can deal at. `bid` is what a sell gets, `ask` what a buy pays. */
export interface Quote {
  bid: number;
  ask: number;
}

/**
 * Bid and ask around an asset's mid `rate` (SPEC §9, DESIGN §6): ask = rate × (1 + buy_spread),
 * bid = rate × (1 − sell_spread). Spreads are fractions of the rate (0.0001 = 1 basis point).
 * Only a missing spread (null/undefined) takes {@link DEFAULT_SPREAD}; an explicit 0 is honoured,
 * since a broker may quote an instrument without mark-up.
 */
export function quote(rate: number, buySpread?: number | null, sellSpread?: number | null): Quote {
  return {
    bid: rate * (1 - (sellSpread ?? DEFAULT_SPREAD)),
    ask: rate * (1 + (buySpread ?? DEFAULT_SPREAD)),
  };
}

/** Price a new position opens at: a buy pays the ask, a sell gets the bid (DESIGN §6). */
export function openPrice(side: Side, q: Quote): number {
  return side === 'buy' ? q.ask : q.bid;
}

/**
 * Price an open position is valued and closed at (DESIGN §6; SPEC §3 Trade.closing_price): a buy
 * sells back at the bid, a sell buys back at the ask.
 */
export function closePrice(side: Side, q: Quote): number {
  return side === 'buy' ? q.bid : q.ask;
}

/** Ask minus bid: what an immediate open-and-close costs per unit (SPEC §2 add-asset "Spread" column). */
export function spreadOf(q: Quote): number {
  return q.ask - q.bid;
}

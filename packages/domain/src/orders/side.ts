/** The two directions of a trade (SPEC §3 Trade.trade_type; SPEC §5 order form "type buy or sell"). */
export const SIDES = ['buy', 'sell'] as const;
export type Side = (typeof SIDES)[number];

/** +1 for a buy, −1 for a sell: a sell gains when the price falls (SPEC §9 "reversed for sell"). */
export function sideSign(side: Side): 1 | -1 {
  return side === 'buy' ? 1 : -1;
}

/** Whether an unknown value (a request field) is a side. */
export function isSide(value: unknown): value is Side {
  return value === 'buy' || value === 'sell';
}

import { type Side, sideSign } from '../orders/side.ts';

/**
 * Profit or loss of a position (SPEC §9, DESIGN §6): (close − open) × units, sign reversed for a
 * sell, in the instrument's quote currency (convert with `toAccountCurrency`). For an open position
 * `closePrice` is the current valuation price (`closePrice(side, quote)`). A buy and a sell of the
 * same size between the same prices give exactly opposite results.
 */
export function pnl(side: Side, openPrice: number, closePrice: number, units: number): number {
  return sideSign(side) * (closePrice - openPrice) * units;
}

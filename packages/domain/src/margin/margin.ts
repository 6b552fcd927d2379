/**
 * Margin a position holds (SPEC §9, DESIGN §6): units × open price ÷ leverage, in the instrument's
 * quote currency (convert with `toAccountCurrency`). In lots: lots × contract size × rate ÷ leverage,
 * so 1 lot of EUR/USD at 1.1 with leverage 100 holds 1,100 USD. The profit calculator's
 * "volume × entry ÷ leverage" is this same formula. Throws on a leverage that is not positive,
 * which `resolveLeverage` never returns, so it can only be a bug.
 */
export function margin(units: number, openPrice: number, leverage: number): number {
  if (!(leverage > 0)) throw new RangeError(`Leverage must be positive: ${leverage}`);
  return (units * openPrice) / leverage;
}

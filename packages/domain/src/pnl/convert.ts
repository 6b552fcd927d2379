import { err, ok, type Result } from '../errors.ts';

/**
 * Live mid rate of a currency pair: how many `quote` one `base` buys (rates('USD', 'JPY') ≈ 150),
 * or undefined when the feed has no such pair. Codes are ISO-style upper case ('USD').
 */
export type RateLookup = (base: string, quote: string) => number | undefined;

/** The currency crosses are routed through when no pair links two currencies directly. */
export const CONVERSION_PIVOT = 'USD';

const usableRate = (rate: number | undefined): rate is number =>
  rate !== undefined && Number.isFinite(rate) && rate > 0;

/** One hop: multiply by FROM/TO if the feed quotes it, else divide by TO/FROM. */
function hop(amount: number, from: string, to: string, rates: RateLookup): number | undefined {
  if (from === to) return amount;
  const direct = rates(from, to);
  if (usableRate(direct)) return amount * direct;
  const inverse = rates(to, from);
  if (usableRate(inverse)) return amount / inverse;
  return undefined;
}

/**
 * An amount in an instrument's quote currency in the account currency (DESIGN §6: margin and P/L
 * are converted "with live rates"). Tries, in order: same currency; the direct pair
 * (EUR → USD: × EURUSD); the inverse pair (JPY → USD: ÷ USDJPY); then through USD for crosses
 * (CHF → GBP: ÷ USDCHF, then ÷ GBPUSD). Mid rates keep the conversion itself free of spread; the
 * spread is already in the prices the amount came from. Fails with INTERNAL when no path exists,
 * since a missing rate is a gap in our own feed, not the customer's mistake.
 */
export function toAccountCurrency(
  amount: number,
  quoteCurrency: string,
  accountCurrency: string,
  rates: RateLookup,
): Result<number> {
  const from = quoteCurrency.toUpperCase();
  const to = accountCurrency.toUpperCase();
  const once = hop(amount, from, to, rates);
  if (once !== undefined) return ok(once);
  const toPivot = hop(amount, from, CONVERSION_PIVOT, rates);
  const viaPivot = toPivot === undefined ? undefined : hop(toPivot, CONVERSION_PIVOT, to, rates);
  if (viaPivot !== undefined) return ok(viaPivot);
  return err({ code: 'INTERNAL', message: `No exchange rate from ${from} to ${to}` });
}

/** A fixed table as a {@link RateLookup}, keyed "BASE/QUOTE" (tests, seeds, snapshots of the feed). */
export function rateTable(table: Readonly<Record<string, number>>): RateLookup {
  return (base, quote) => table[`${base}/${quote}`];
}

import { type PairIndex, pairRateLookup, toAccountCurrency } from '@openbroker/domain';

/**
 * The currency pairs that convert an amount from `from` into `to` (issue 17: the price socket
 * subscribes only to what the page needs, and P/L in the account currency needs these): the path
 * the domain's `toAccountCurrency` takes when every pair of the index has a price, found by
 * running it over a lookup that records what it reads. CNY goes through CNH, crypto-quoted P/L
 * through its crypto pair, crosses through USD, exactly as the valuation itself will.
 */
export function conversionPairIds(pairs: PairIndex, from: string, to: string): number[] {
  const read = new Set<number>();
  const lookup = pairRateLookup(pairs, (id) => {
    read.add(id);
    return 1;
  });
  toAccountCurrency(1, from, to, lookup);
  return [...read];
}

import type { AssetType } from '../hours/tradingHours.ts';
import type { RateLookup } from './convert.ts';

/**
 * Currencies with no pair of their own, converted through the one that tracks them: the onshore
 * yuan (China A50 is quoted in CNY) through the offshore CNH pairs the feed quotes.
 */
export const CURRENCY_PROXY: Readonly<Record<string, string>> = { CNY: 'CNH' };

/** What the pair index needs of an instrument (server rows and SPEC §3 assets name these differently). */
export interface PairInstrument {
  id: number;
  type: AssetType;
  base: string;
  quote: string;
}

/** Instrument ids of the currency pairs, by "BASE/QUOTE". */
export type PairIndex = ReadonlyMap<string, number>;

/**
 * The pairs that convert amounts between currencies (DESIGN §6 "converted with live rates"):
 * forex pairs, and crypto pairs too, so ETH/BTC P/L goes through BTC/USD and USDT-quoted coins
 * through USDT/USD. Other instruments (stocks, indices…) are prices, not exchange rates.
 */
export function pairIndex(instruments: Iterable<PairInstrument>): PairIndex {
  const pairs = new Map<string, number>();
  for (const i of instruments) {
    if (i.type === 'forex' || i.type === 'crypto') pairs.set(`${i.base}/${i.quote}`, i.id);
  }
  return pairs;
}

/**
 * A {@link RateLookup} over live prices: the mid rate of the pair BASE/QUOTE (after
 * {@link CURRENCY_PROXY}) read with `priceOf(instrumentId)`, or undefined when no instrument or
 * no price is known. The server and the web client convert P/L and margin through this one path.
 */
export function pairRateLookup(pairs: PairIndex, priceOf: (id: number) => number | undefined): RateLookup {
  return (base, quote) => {
    const id = pairs.get(`${CURRENCY_PROXY[base] ?? base}/${CURRENCY_PROXY[quote] ?? quote}`);
    return id === undefined ? undefined : priceOf(id);
  };
}

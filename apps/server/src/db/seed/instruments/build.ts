import type { InstrumentSeed } from './types.ts';

/**
 * Small helpers the per-class data files share: a deterministic per-symbol spread, price decimals by
 * magnitude and rounding. Nothing here is random: the catalogue is the same on every call.
 */

/** A number in [0, 1) fixed by the text (FNV-1a), so values vary per symbol but never between runs. */
export function unitHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 0x1_0000_0000;
}

/** Rounds to a number of decimals without drifting on binary fractions. */
export function round(value: number, decimals: number): number {
  return Number(value.toFixed(decimals));
}

/** A spread (fraction of the rate) between `min` and `max`, fixed per symbol. */
export function spreadFor(symbol: string, min: number, max: number): number {
  return round(min + (max - min) * unitHash(symbol), 6);
}

/** Stock decimals: 2, or more for prices under 10 in the listing currency (London shares in pounds). */
export function stockDecimals(price: number): number {
  if (price < 1) return 4;
  if (price < 10) return 3;
  return 2;
}

/** Decimals traders expect for a price of this size, never fewer than `min` nor more than 8. */
export function decimalsFor(price: number, min = 2): number {
  let decimals: number;
  if (price >= 100) decimals = 2;
  else if (price >= 10) decimals = 3;
  else if (price >= 1) decimals = 4;
  else if (price >= 0.01) decimals = 5;
  else if (price >= 0.0001) decimals = 6;
  else decimals = 8;
  return Math.min(8, Math.max(min, decimals));
}

/**
 * A spread (fraction of the rate) of at least one price tick (`10^-decimals`) each side, as a market
 * quotes: a coin priced in bitcoin (0.00000295 BTC, 8 decimals) cannot be quoted tighter than a
 * satoshi, so its bid and ask stay apart as traders read them.
 */
export function atLeastOneTick(spread: number, price: number, decimals: number): number {
  return Math.max(spread, 10 ** -decimals / price);
}

/** The fields that differ between two shares; everything else is common to the stock class. */
export interface StockFields {
  symbol: string;
  name: string;
  category: string;
  tvSymbol: string;
  currency: string;
  price: number;
  zone: string;
  /** Spread range for the market; the value inside it is fixed per symbol. */
  spread: readonly [number, number];
  decimals: number;
}

/** A share (or ETF) CFD: one share per lot, leverage 5 as retail CFD brokers give on equities. */
export function stockSeed(s: StockFields): InstrumentSeed {
  const spread = spreadFor(s.symbol, s.spread[0], s.spread[1]);
  return {
    symbol: s.symbol,
    sy: s.symbol,
    symbolDisplay: s.symbol,
    name: s.name,
    type: 'stocks',
    category: s.category,
    tvSymbol: s.tvSymbol,
    baseCurrency: s.symbol,
    quoteCurrency: s.currency,
    contractSize: 1,
    buySpread: spread,
    sellSpread: spread,
    leverage: 5,
    referencePrice: round(s.price, s.decimals),
    decimals: s.decimals,
    exchangeZone: s.zone,
  };
}

/** Exchange ticker, company name, reference price in the listing currency. */
export type StockRow = readonly [ticker: string, name: string, price: number];

/** How one market's tickers become catalogue and TradingView symbols. */
export interface StockMarket {
  category: string;
  currency: string;
  zone: string;
  /** Catalogue symbol, Yahoo-style: 'BARC.L', 'SAP.DE', 'VOLV-B.ST'. */
  symbol: (ticker: string) => string;
  /** TradingView symbol: 'LSE:BARC', 'XETR:SAP', 'OMXSTO:VOLV_B'. */
  tv: (ticker: string) => string;
  /** Price decimals; by price size unless the market quotes otherwise. */
  decimals?: (price: number) => number;
  rows: readonly StockRow[];
}

/** Every row of every market as a stock instrument. */
export function stockMarketInstruments(
  markets: readonly StockMarket[],
  spread: readonly [number, number],
): InstrumentSeed[] {
  return markets.flatMap((m) =>
    m.rows.map(([ticker, name, price]) =>
      stockSeed({
        symbol: m.symbol(ticker),
        name,
        category: m.category,
        tvSymbol: m.tv(ticker),
        currency: m.currency,
        price,
        zone: m.zone,
        spread: [spread[0], spread[1]],
        decimals: (m.decimals ?? stockDecimals)(price),
      }),
    ),
  );
}

/** A contract traded under its own symbol (an index or a commodity): base currency is the symbol. */
export function contractSeed(c: {
  symbol: string;
  name: string;
  type: 'indices' | 'commodities';
  category: string;
  tvSymbol: string;
  currency: string;
  price: number;
  contractSize: number;
  decimals: number;
  spread: readonly [number, number];
  leverage: number;
  zone: string;
}): InstrumentSeed {
  const spread = spreadFor(c.symbol, c.spread[0], c.spread[1]);
  return {
    symbol: c.symbol,
    sy: c.symbol,
    symbolDisplay: c.symbol,
    name: c.name,
    type: c.type,
    category: c.category,
    tvSymbol: c.tvSymbol,
    baseCurrency: c.symbol,
    quoteCurrency: c.currency,
    contractSize: c.contractSize,
    buySpread: spread,
    sellSpread: spread,
    leverage: c.leverage,
    referencePrice: round(c.price, c.decimals),
    decimals: c.decimals,
    exchangeZone: c.zone,
  };
}

import { roundHalfAwayFromZero } from '../money/rounding.ts';

/**
 * Pips (issue 18): the unit traders read a spread in. What an instrument carries is enough to
 * know its pip: its asset type, the currency it is quoted in, the digits it is quoted with and,
 * for instruments outside forex, the size of its price.
 */
export interface PipInstrument {
  /** The asset type ('forex', 'stocks', 'crypto', 'commodities', 'indices', 'metals'). */
  type: string;
  /** Price digits the market quotes it with (5 for EUR/USD, 3 for USD/JPY). */
  decimals: number;
  /** 'JPY' for a yen-quoted pair; read from the symbol when absent. */
  quote_currency?: string;
  /** 'USDJPY' or 'USD/JPY'. */
  symbol?: string;
  /** A recent price (the catalogue's rate): sizes the pip of an index, a metal, a coin or a share. */
  rate?: number;
}

const tick = (digits: number): number => 10 ** -Math.max(0, Math.trunc(digits));

function quotedInYen(instrument: PipInstrument): boolean {
  if (instrument.quote_currency) return instrument.quote_currency.toUpperCase() === 'JPY';
  return /JPY$/i.test((instrument.symbol ?? '').replace(/[^A-Za-z]/g, ''));
}

/**
 * The size of one pip:
 * - forex: 0.0001, and 0.01 for pairs quoted in yen; a pair quoted with fewer digits (an exotic
 *   such as USD/HUF with 3) takes the digit before its fractional one (0.01), or its last digit;
 * - anything else: the fifth significant figure of its price (gold at 4,000 → 0.1, an index at
 *   47,000 → 1 point, bitcoin at 95,000 → 1), never smaller than its quoted tick (a share at
 *   $230 → 0.01); its quoted tick when no price is known.
 */
export function pipSize(instrument: PipInstrument): number {
  const digits = instrument.decimals;
  if (instrument.type === 'forex') {
    if (quotedInYen(instrument)) return 0.01;
    if (digits >= 4) return 0.0001;
    if (digits === 3) return 0.01;
    return tick(digits);
  }
  const smallest = tick(digits);
  const rate = instrument.rate;
  if (rate === undefined || !Number.isFinite(rate) || rate <= 0) return smallest;
  const magnitude = 10 ** (Math.floor(Math.log10(rate)) - 4);
  return Math.max(smallest, Number(magnitude.toPrecision(1)));
}

/**
 * The spread between a bid and an ask in pips, to one decimal (EUR/USD 1.16009 / 1.16021 → 1.2);
 * NaN when either price is missing or not finite.
 */
export function spreadInPips(bid: number, ask: number, instrument: PipInstrument): number {
  if (!Number.isFinite(bid) || !Number.isFinite(ask)) return Number.NaN;
  const pips = (ask - bid) / pipSize(instrument);
  // Strip binary noise first (0.00012 / 0.0001 = 1.1999999999999), then round halves away from zero.
  return roundHalfAwayFromZero(Number(pips.toFixed(9)), 1);
}

import type { AssetType } from '@openbroker/domain';

/**
 * One tradable instrument as the first-start seed writes it (SPEC §3 Asset). Staff re-price,
 * enable and disable instruments later in the database; nothing outside the seed hard-codes them.
 */
export interface InstrumentSeed {
  /** Compact, unique: 'EURUSD', 'BTCUSD', 'AAPL', 'SAP.DE', 'XAUUSD', 'US500'. */
  symbol: string;
  /** As traders read it: 'EUR/USD', 'BTC/USD', 'AAPL', 'XAU/USD', 'US500'. */
  sy: string;
  /** Shown in lists: usually the same as `sy`, for stocks the ticker. */
  symbolDisplay: string;
  /** Full name: 'Euro / US Dollar', 'Apple Inc.', 'Gold / US Dollar', 'S&P 500 Index'. */
  name: string;
  type: AssetType;
  /** Display group inside the type: 'Majors', 'Minors', 'Exotics', 'S&P 500', 'DAX 40', 'Energy', 'DeFi', … */
  category: string;
  /** TradingView-style symbol: 'FX:EURUSD', 'BITSTAMP:BTCUSD', 'NASDAQ:AAPL', 'XETR:SAP'. */
  tvSymbol: string;
  /** Base and quote currency codes; for stocks the base is the ticker and the quote the listing currency. */
  baseCurrency: string;
  quoteCurrency: string;
  /** Units per lot: 100000 forex, 1 crypto, 1 stocks, index and commodity contract sizes as brokers use. */
  contractSize: number;
  /** Fractions of the rate (0.0001 = 1 bp), bounded and plausible for the class. */
  buySpread: number;
  sellSpread: number;
  /** Per-asset leverage or null to fall back to the category/plan setting (SPEC §9). */
  leverage: number | null;
  /** A plausible reference price in the quote currency, around late-2026 levels. */
  referencePrice: number;
  /** Price decimals traders expect (5 for most forex, 3 for JPY pairs, 2 for stocks). */
  decimals: number;
  /** IANA zone whose clock sets the trading hours (SPEC §9): 'America/New_York', 'Europe/Berlin', 'UTC'. */
  exchangeZone: string;
}

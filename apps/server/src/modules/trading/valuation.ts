import {
  type AccountSummary,
  accountSummary,
  centsToAmount,
  closePrice,
  pnl,
  type Quote,
  type RateLookup,
  toAccountCurrency,
} from '@openbroker/domain';
import { AppError } from '../../errors.ts';
import type { MarketData } from '../../feed/MarketData.ts';
import type { AccountRow } from '../accounts/repo.ts';
import type { AssetRow } from '../assets/repo.ts';
import { lastQuote } from './marketGate.ts';
import type { TradeRow } from './repo.ts';

/** An amount in an instrument's quote currency in the account currency, at live rates (DESIGN §6). */
export function inAccountCurrency(
  amount: number,
  instrument: Pick<AssetRow, 'quoteCurrency'>,
  currency: string,
  rates: RateLookup,
): number {
  const r = toAccountCurrency(amount, instrument.quoteCurrency, currency, rates);
  if (!r.ok) throw new AppError('INTERNAL', r.error.message);
  return r.value;
}

/** Floating P/L of an open position at this quote, in the account currency. */
export function floatingPnl(
  row: Pick<TradeRow, 'side' | 'openingPrice' | 'units'>,
  instrument: Pick<AssetRow, 'quoteCurrency'>,
  q: Quote,
  currency: string,
  rates: RateLookup,
): number {
  const inQuote = pnl(row.side, row.openingPrice ?? 0, closePrice(row.side, q), row.units);
  return inAccountCurrency(inQuote, instrument, currency, rates);
}

export interface Exposure {
  row: TradeRow;
  marginAcct: number;
  pnlAcct: number;
}

/**
 * Each open position's margin and floating P/L in the account currency at the latest quotes. A
 * position whose instrument has no quote at all counts at its opening price (no P/L).
 */
export function exposures(market: MarketData, account: AccountRow, rows: readonly TradeRow[]): Exposure[] {
  return rows.map((row) => {
    const instrument = market.instrument(row.assetId);
    const q = instrument ? lastQuote(market, instrument) : undefined;
    const pnlAcct = instrument && q ? floatingPnl(row, instrument, q, account.currency, market.rate) : 0;
    return { row, marginAcct: centsToAmount(row.marginCents), pnlAcct };
  });
}

/** SPEC §3 account summary from the ledger's balance and credit and the open positions. */
export function summarize(account: AccountRow, positions: readonly Exposure[]): AccountSummary {
  return accountSummary({
    balance: centsToAmount(account.balanceCents),
    credit: centsToAmount(account.creditCents),
    positions,
  });
}

import { instrumentSchedule, isMarketOpen, type Quote, quote } from '@openbroker/domain';
import { AppError } from '../../errors.ts';
import type { MarketData } from '../../feed/MarketData.ts';
import type { AssetRow } from '../assets/repo.ts';

/**
 * A quote older than this is not dealt on (DESIGN §6 "the quote is fresh"). The slowest simulated
 * class ticks every second while its market is open, so a minute of silence means the feed is down.
 */
export const MAX_QUOTE_AGE_MS = 60_000;

export interface DealablePrice {
  instrument: AssetRow;
  quote: Quote;
  /** Mid rate. */
  rate: number;
}

/** The instrument, or the SPEC §5 message when the order names none we know. */
export function instrumentOf(market: MarketData, assetId: number | null | undefined): AssetRow {
  const instrument = assetId ? market.instrument(assetId) : undefined;
  if (!instrument) {
    throw new AppError('VALIDATION_FAILED', 'No asset selected for trading', {
      id: ['No asset selected for trading'],
    });
  }
  return instrument;
}

/**
 * The instrument of a new order: known and enabled. Staff may disable an instrument at any time;
 * positions already open on it can still be closed, but nothing new opens.
 */
export function tradableInstrumentOf(market: MarketData, assetId: number | null | undefined): AssetRow {
  const instrument = instrumentOf(market, assetId);
  if (!instrument.enabled) {
    throw new AppError('MARKET_CLOSED', `${instrument.symbolDisplay} is not available for trading.`);
  }
  return instrument;
}

/** Bid and ask from our own latest quote, refusing a closed market or a stale price (DESIGN §6). */
export function dealablePrice(market: MarketData, instrument: AssetRow, now: Date): DealablePrice {
  // The instrument's own sessions when staff set them, else its type's hours (SPEC §9).
  if (!isMarketOpen(instrumentSchedule(instrument), now)) {
    throw new AppError('MARKET_CLOSED', `The market for ${instrument.symbolDisplay} is closed.`);
  }
  const live = market.quote(instrument.id);
  if (!live || now.getTime() - live.lastUpdated > MAX_QUOTE_AGE_MS) {
    throw new AppError(
      'PRICE_STALE',
      `There is no fresh price for ${instrument.symbolDisplay} right now. Please try again in a moment.`,
    );
  }
  return {
    instrument,
    quote: quote(live.price, instrument.buySpread, instrument.sellSpread),
    rate: live.price,
  };
}

/** The current quote without the dealing checks, for valuing open positions on screen. */
export function lastQuote(market: MarketData, instrument: AssetRow): Quote | undefined {
  const live = market.quote(instrument.id);
  return live ? quote(live.price, instrument.buySpread, instrument.sellSpread) : undefined;
}

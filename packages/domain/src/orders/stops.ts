import { err, type FieldErrors, ok, type Result } from '../errors.ts';
import { closePrice, type Quote } from '../pricing/quote.ts';
import { ORDER_MESSAGES, validationFailed } from './messages.ts';
import type { Side } from './side.ts';

/** A stop-loss or take-profit level; 0, null and undefined all mean "not set" (SPEC §3 Trade). */
export type StopLevel = number | null | undefined;

/** Validated levels, with "not set" made explicit as null. */
export interface Stops {
  takeProfit: number | null;
  stopLoss: number | null;
}

export type StopTrigger = 'stop_loss' | 'take_profit';

const isSet = (level: StopLevel): level is number => level !== null && level !== undefined && level !== 0;

/**
 * Checks take-profit and stop-loss levels (DESIGN §6 server-side SL/TP; SPEC §5 order form
 * optional takeProfit and stopLoss): for a buy TP above and SL below `referencePrice`, for a sell
 * the reverse. Pass the price the position is valued at (`closePrice(side, quote)`: the bid for a
 * buy), so a level that passes cannot fire on the same quote; for a pending order pass its entry
 * price. Both fields are checked and reported together; fails with VALIDATION_FAILED.
 */
export function validateStops(
  side: Side,
  referencePrice: number,
  takeProfit?: StopLevel,
  stopLoss?: StopLevel,
): Result<Stops> {
  const errors: FieldErrors = {};
  const buy = side === 'buy';
  if (isSet(takeProfit)) {
    if (!Number.isFinite(takeProfit) || takeProfit < 0) {
      errors.takeProfit = [ORDER_MESSAGES.takeProfitNonNegative];
    } else if (buy ? takeProfit <= referencePrice : takeProfit >= referencePrice) {
      errors.takeProfit = [buy ? ORDER_MESSAGES.buyTakeProfit : ORDER_MESSAGES.sellTakeProfit];
    }
  }
  if (isSet(stopLoss)) {
    if (!Number.isFinite(stopLoss) || stopLoss < 0) {
      errors.stopLoss = [ORDER_MESSAGES.stopLossNonNegative];
    } else if (buy ? stopLoss >= referencePrice : stopLoss <= referencePrice) {
      errors.stopLoss = [buy ? ORDER_MESSAGES.buyStopLoss : ORDER_MESSAGES.sellStopLoss];
    }
  }
  if (Object.keys(errors).length > 0) return err(validationFailed(errors));
  return ok({
    takeProfit: isSet(takeProfit) ? takeProfit : null,
    stopLoss: isSet(stopLoss) ? stopLoss : null,
  });
}

/**
 * Which level, if any, an open position hits on this quote (DESIGN §6). A position is watched at
 * the price it would close at: a buy at the bid (SL when bid ≤ SL, TP when bid ≥ TP), a sell at
 * the ask (SL when ask ≥ SL, TP when ask ≤ TP). If both are crossed (levels set the wrong way
 * round) the stop-loss wins, the outcome that never books an unearned profit.
 */
export function slTpTriggered(
  side: Side,
  q: Quote,
  stopLoss?: StopLevel,
  takeProfit?: StopLevel,
): StopTrigger | null {
  const price = closePrice(side, q);
  const buy = side === 'buy';
  if (isSet(stopLoss) && (buy ? price <= stopLoss : price >= stopLoss)) return 'stop_loss';
  if (isSet(takeProfit) && (buy ? price >= takeProfit : price <= takeProfit)) return 'take_profit';
  return null;
}

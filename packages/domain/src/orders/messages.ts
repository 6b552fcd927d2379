import type { DomainError, FieldErrors } from '../errors.ts';

/**
 * Words of order validation, shared by the order form and the server so they never drift
 * (SPEC §5 order form; SPEC §9 volume limits; DESIGN §6 pending orders and SL/TP).
 */
export const ORDER_MESSAGES = {
  noAsset: 'No asset selected for trading',
  volumeRange: 'Volume must be between 0.01 and 50 lots',
  volumeStep: 'Volume must be a multiple of 0.01 lots',
  pricePositive: 'Price must be a positive number',
  buyLimit: 'Buy limit price must be below the current ask price',
  buyStop: 'Buy stop price must be above the current ask price',
  sellLimit: 'Sell limit price must be above the current bid price',
  sellStop: 'Sell stop price must be below the current bid price',
  takeProfitNonNegative: 'Take profit must be a non-negative number',
  stopLossNonNegative: 'Stop loss must be a non-negative number',
  buyTakeProfit: 'Take profit for a buy must be above the current price',
  buyStopLoss: 'Stop loss for a buy must be below the current price',
  sellTakeProfit: 'Take profit for a sell must be below the current price',
  sellStopLoss: 'Stop loss for a sell must be above the current price',
} as const;

/** A 422-style failure naming its fields; the summary message is the first field's first message. */
export function validationFailed(errors: FieldErrors): DomainError {
  const first = Object.values(errors).flat()[0] ?? 'The given data was invalid.';
  return { code: 'VALIDATION_FAILED', message: first, errors };
}

import { z } from 'zod';

/** SPEC §5 profit calculator messages, word for word. */
export const CALCULATOR_MESSAGES = {
  volume: 'Volume must be a positive number',
  entryPrice: 'Entry price must be a positive number',
  takeProfit: 'Take profit must be a non-negative number',
  stopLoss: 'Stop loss must be a non-negative number',
} as const;

/**
 * The Profit Calculator form (SPEC §5): volume > 0, entry price > 0, take profit ≥ 0, stop loss ≥ 0.
 * Values are coerced because form inputs hand over text; text that is not a number gets the
 * field's own message rather than zod's generic one. An empty TP or SL box means 0 (not set).
 */
export const profitCalculatorSchema = z.object({
  volume: z.coerce.number({ error: CALCULATOR_MESSAGES.volume }).positive(CALCULATOR_MESSAGES.volume),
  entryPrice: z.coerce
    .number({ error: CALCULATOR_MESSAGES.entryPrice })
    .positive(CALCULATOR_MESSAGES.entryPrice),
  takeProfit: z.coerce
    .number({ error: CALCULATOR_MESSAGES.takeProfit })
    .nonnegative(CALCULATOR_MESSAGES.takeProfit)
    .default(0),
  stopLoss: z.coerce
    .number({ error: CALCULATOR_MESSAGES.stopLoss })
    .nonnegative(CALCULATOR_MESSAGES.stopLoss)
    .default(0),
});
export type ProfitCalculatorValues = z.output<typeof profitCalculatorSchema>;

import { z } from 'zod';

/**
 * A staff credit or debit of a customer's balance or credit (DESIGN §3). `amount` is in the
 * account currency with at most two decimals: positive credits, negative debits.
 */
export const ledgerAdjustmentSchema = z.object({
  field: z.enum(['balance', 'credit']),
  amount: z
    .number({ error: 'Amount must be a number' })
    .refine((v) => v !== 0, 'Amount must not be zero')
    .refine((v) => Math.abs(v) <= 100_000_000, 'Amount is too large')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Amount can have at most two decimals'),
  reason: z.string().trim().min(3, 'Give a reason of at least 3 characters').max(500),
});
export type LedgerAdjustment = z.infer<typeof ledgerAdjustmentSchema>;

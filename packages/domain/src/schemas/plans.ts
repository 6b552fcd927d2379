import { z } from 'zod';

const level = z
  .number({ error: 'Level must be a number' })
  .min(1, 'Level must be at least 1%')
  .max(1_000, 'Level must be at most 1000%');

/**
 * Staff change a plan's leverage and risk levels (DESIGN §6: margin call and stop-out are
 * configurable per plan). The stop-out must sit below the margin call, or customers would be
 * closed out before they were ever warned.
 */
export const planUpdateSchema = z
  .object({
    leverage: z.number().int('Leverage must be a whole number').min(1).max(3_000).optional(),
    margin_call_level: level.optional(),
    stop_out_level: level.optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), 'Nothing to change');
export type PlanUpdate = z.infer<typeof planUpdateSchema>;

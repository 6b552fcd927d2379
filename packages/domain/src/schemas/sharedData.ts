import { z } from 'zod';

/**
 * The shared data query (SPEC §7, DESIGN §4 `GET /shared-data`): currencies with live rates,
 * plans, plan features and Expert Advisors. Readers take a plan's missing optional fields as
 * their defaults (the server always sends them).
 */

const finite = z.number().finite();

/** SPEC §3 Currency: `rate` is units of the currency per US dollar (USD itself is 1). */
export const currencySchema = z.object({
  code: z.string().min(3).max(3),
  symbol: z.string(),
  rate: finite.positive(),
});
export type Currency = z.infer<typeof currencySchema>;

/** SPEC §3 Plan: one `features` value per `plan_features` row, in the same order. */
export const planSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  color: z.string(),
  icon: z.string().nullable().default(null),
  image: z.string().nullable().default(null),
  leverage: finite.nullable().default(null),
  recommended: z.boolean().default(false),
  features: z.array(z.string()).default([]),
});
export type Plan = z.infer<typeof planSchema>;

export const planFeatureSchema = z.object({ id: z.number().int(), title: z.string() });
export type PlanFeature = z.infer<typeof planFeatureSchema>;

/** `GET /shared-data`'s `data`. No Expert Advisors are offered yet, so that list is empty. */
export const sharedDataSchema = z.object({
  currencies: z.array(currencySchema),
  plans: z.array(planSchema),
  plan_features: z.array(planFeatureSchema),
  expert_advisors: z.array(z.unknown()),
});
export type SharedData = z.infer<typeof sharedDataSchema>;
export const sharedDataResponseSchema = z.object({ data: sharedDataSchema });

import { z } from 'zod';
import { api, type Envelope } from './client';

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

export interface SharedData {
  currencies: Currency[];
  plans: Plan[];
  plan_features: PlanFeature[];
}

/** Keeps the valid items of an untrusted list, so one bad row cannot blank a whole table. */
function validItems<T>(schema: z.ZodType<T>, value: unknown): T[] {
  if (!Array.isArray(value)) return [];
  const items: T[] = [];
  for (const item of value) {
    const parsed = schema.safeParse(item);
    if (parsed.success) items.push(parsed.data);
  }
  return items;
}

/** The shared-data answer, parsed leniently: missing or malformed parts become empty lists. */
export function parseSharedData(value: unknown): SharedData {
  const record: Record<string, unknown> = typeof value === 'object' && value !== null ? { ...value } : {};
  return {
    currencies: validItems(currencySchema, record.currencies),
    plans: validItems(planSchema, record.plans),
    plan_features: validItems(planFeatureSchema, record.plan_features),
  };
}

/** SPEC §7 "shared data query": `GET /shared-data` (currencies with rates, plans, plan features). */
export async function getSharedData(): Promise<SharedData> {
  const response = await api.get<Envelope<unknown>>('/shared-data');
  return parseSharedData(response.data.data);
}

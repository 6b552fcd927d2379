import {
  type Currency,
  currencySchema,
  type Plan,
  type PlanFeature,
  planFeatureSchema,
  planSchema,
  type SharedData as SharedDataContract,
} from '@openbroker/domain';
import type { z } from 'zod';
import { api, type Envelope } from './client';

/** The shared data contract (SPEC §3 Currency, Plan; in the domain) as the client keeps it. */
export { type Currency, currencySchema, type Plan, type PlanFeature, planFeatureSchema, planSchema };

export type SharedData = Pick<SharedDataContract, 'currencies' | 'plans' | 'plan_features'>;

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

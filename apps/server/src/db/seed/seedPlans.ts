import type { Db } from '../client.ts';
import { plans } from '../schema.ts';

/** SPEC §9: default plan 'Basic', 'Pro' labelled Recommended. Staff edit plans later; this is first-start data. */
const PLANS = [
  { title: 'Basic', color: '#64748b', icon: 'shield', leverage: 100, rank: 0, recommended: false },
  { title: 'Pro', color: '#2563eb', icon: 'rocket', leverage: 200, rank: 1, recommended: true },
  { title: 'VIP', color: '#d4a017', icon: 'crown', leverage: 500, rank: 2, recommended: false },
];

export async function seedPlans(db: Db): Promise<void> {
  const existing = await db.select({ id: plans.id }).from(plans).limit(1);
  if (existing.length > 0) return;
  await db.insert(plans).values(PLANS);
}

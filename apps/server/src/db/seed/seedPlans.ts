import type { Db } from '../client.ts';
import { planFeatures, plans } from '../schema.ts';

/** Rows of the plan comparison (SPEC §3: the first row is a monetary amount). */
const FEATURES = ['Minimum deposit', 'Maximum leverage', 'Expert Advisors', 'Support'];

/** SPEC §9: default plan 'Basic', 'Pro' labelled Recommended. Staff edit plans later; this is first-start data. */
const PLANS = [
  {
    title: 'Basic',
    color: '#64748b',
    icon: 'shield',
    leverage: 100,
    rank: 0,
    recommended: false,
    features: ['$250', '1:100', 'Starter set', 'Chat and email'],
  },
  {
    title: 'Pro',
    color: '#2563eb',
    icon: 'rocket',
    leverage: 200,
    rank: 1,
    recommended: true,
    features: ['$5,000', '1:200', 'Most advisors', 'Chat and email, priority'],
  },
  {
    title: 'VIP',
    color: '#d4a017',
    icon: 'crown',
    leverage: 500,
    rank: 2,
    recommended: false,
    features: ['$25,000', '1:500', 'All advisors', 'Personal account manager'],
  },
];

export async function seedPlans(db: Db): Promise<void> {
  const existing = await db.select({ id: plans.id }).from(plans).limit(1);
  if (existing.length > 0) return;
  await db.insert(planFeatures).values(FEATURES.map((title, rank) => ({ title, rank })));
  await db.insert(plans).values(PLANS);
}

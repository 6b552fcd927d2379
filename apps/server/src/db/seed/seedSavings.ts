import type { Db } from '../client.ts';
import { savingsProducts } from '../schemaMoney.ts';

/** Two demo products, so the savings page has something to offer on first start; staff edit them later. */
const PRODUCTS: (typeof savingsProducts.$inferInsert)[] = [
  {
    name: 'Flexible USD',
    description: 'Earn daily interest and take your money back at any time.',
    kind: 'flexible',
    currency: 'USD',
    annualRateBps: 300,
    termDays: null,
    minCents: 10_000n,
    maxCents: null,
  },
  {
    name: '90-day fixed USD',
    description: 'A higher rate for money you leave for 90 days; paid back with its interest at maturity.',
    kind: 'fixed',
    currency: 'USD',
    annualRateBps: 500,
    termDays: 90,
    minCents: 50_000n,
    maxCents: 100_000_000n,
  },
];

/** Seeds the demo savings products only while there are none (staff may have deleted or changed them). */
export async function seedSavings(db: Db): Promise<void> {
  const existing = await db.select({ id: savingsProducts.id }).from(savingsProducts).limit(1);
  if (existing.length > 0) return;
  await db.insert(savingsProducts).values(PRODUCTS);
}

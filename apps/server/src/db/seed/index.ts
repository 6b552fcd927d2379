import { appropriatenessScore, type FinancialAnswers } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { seedContent } from '../../modules/content/seed.ts';
import { upsertFinancialProfile } from '../../modules/profile/repo.ts';
import { readSettings } from '../../modules/settings/repo.ts';
import type { Db } from '../client.ts';
import { users } from '../schema.ts';
import { buildCatalogue } from './instruments/index.ts';
import { seedAdvisors } from './seedAdvisors.ts';
import { seedAssets } from './seedAssets.ts';
import { seedPlans } from './seedPlans.ts';
import { seedSavings } from './seedSavings.ts';
import { ensureSeedUser, type SeedLogin } from './seedUsers.ts';

/** First-start data: the settings row, plans, the instrument catalogue, one staff login and one demo customer. Safe to run on every start. */
export async function seed(
  db: Db,
  config: Pick<Config, 'SEED_STAFF_EMAIL' | 'SEED_STAFF_PASSWORD' | 'SEED_DEMO_EMAIL' | 'SEED_DEMO_PASSWORD'>,
): Promise<SeedLogin[]> {
  await readSettings(db);
  await seedPlans(db);
  await seedAssets(db, buildCatalogue());
  await seedContent(db);
  await seedSavings(db);
  // After plans and instruments: advisors look up their instrument and join the plans' lists.
  await seedAdvisors(db);
  const created: SeedLogin[] = [];
  const staff = await ensureSeedUser(db, {
    role: 'staff',
    email: config.SEED_STAFF_EMAIL,
    password: config.SEED_STAFF_PASSWORD,
    firstName: 'Support',
    lastName: 'Desk',
    username: 'staff',
  });
  if (staff) created.push(staff);
  const demo = await ensureSeedUser(db, {
    role: 'customer',
    email: config.SEED_DEMO_EMAIL,
    password: config.SEED_DEMO_PASSWORD,
    firstName: 'Demo',
    lastName: 'Trader',
    username: 'demo',
    // A funded demo account, so a new user can trade at once: USD 10,000.00.
    fundingCents: 1_000_000n,
  });
  if (demo) {
    created.push(demo);
    // The demo customer has been through onboarding, so signing in lands on the app, not step 2.
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
    if (row) {
      const now = new Date();
      const { score, band } = appropriatenessScore(DEMO_FINANCIAL_ANSWERS);
      await upsertFinancialProfile(db, row.id, {
        answers: DEMO_FINANCIAL_ANSWERS,
        score,
        band,
        riskAcknowledgedAt: null,
        completedAt: now,
        updatedAt: now,
      });
    }
  }
  return created;
}

/** An experienced trader's answers (appropriate), for the seeded demo customer. */
const DEMO_FINANCIAL_ANSWERS: FinancialAnswers = {
  employment_status: 'employed',
  industry: 'finance',
  annual_income: '50k_100k',
  net_worth: '50k_250k',
  source_of_funds: ['salary', 'savings'],
  source_of_funds_other: '',
  experience: { forex_cfds: '1_3y', stocks: 'over_3y', crypto: 'none' },
  trading_frequency: 'weekly',
  purpose: 'speculation',
  knowledge: { leverage_loss: 'b', margin_close: 'a', cfd_ownership: 'b', stop_loss: 'b' },
};

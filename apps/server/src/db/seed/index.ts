import type { Config } from '../../config.ts';
import { seedContent } from '../../modules/content/seed.ts';
import { readSettings } from '../../modules/settings/repo.ts';
import type { Db } from '../client.ts';
import { buildCatalogue } from './instruments/index.ts';
import { seedAssets } from './seedAssets.ts';
import { seedPlans } from './seedPlans.ts';
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
  if (demo) created.push(demo);
  return created;
}

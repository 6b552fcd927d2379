import { parseStrategyParams, riskLimitsSchema } from '@openbroker/domain';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBacktests } from '../../modules/advisors/backtests.ts';
import { createAuditService } from '../../modules/audit/service.ts';
import { createTradingReference } from '../../modules/plans/reference.ts';
import { createSettingsService } from '../../modules/settings/service.ts';
import { createTestContext, type TestContext } from '../../test/testApp.ts';
import { plans } from '../schema.ts';
import { expertAdvisors } from '../schemaBots.ts';
import { buildCatalogue } from './instruments/index.ts';
import { SEEDED_ADVISOR_NAMES, seedAdvisors } from './seedAdvisors.ts';
import { seedPlans } from './seedPlans.ts';

const SYMBOLS = ['EURUSD', 'GBPUSD', 'ETHUSD', 'XAUUSD', 'US500', 'BTCUSD'];

let t: TestContext;
beforeAll(async () => {
  // The seeded advisors' instruments only (the whole catalogue is the seed test's business).
  t = await createTestContext(
    {},
    {
      instruments: buildCatalogue().filter((i) => SYMBOLS.includes(i.symbol)),
      start: new Date('2026-01-07T15:00:00Z'),
    },
  );
  await seedPlans(t.database.db);
});
afterAll(() => t.close());

const advisors = () => t.database.db.select().from(expertAdvisors).orderBy(asc(expertAdvisors.id));

describe('the seeded Expert Advisor catalogue', () => {
  it('seeds valid advisors on the five strategies into the plans, once', async () => {
    await seedAdvisors(t.database.db);
    await seedAdvisors(t.database.db);
    const rows = await advisors();
    expect(rows.map((r) => r.name)).toEqual([...SEEDED_ADVISOR_NAMES]);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(new Set(rows.map((r) => r.strategy)).size).toBe(5);
    expect(rows.filter((r) => r.autotrader)).toHaveLength(3);
    expect(new Set(rows.map((r) => r.priceCents))).toEqual(new Set([0n, 4_900n, 9_900n, 14_900n]));
    for (const r of rows) {
      const parsed = parseStrategyParams(r.strategy, r.params);
      expect(parsed.ok, r.name).toBe(true);
      expect(riskLimitsSchema.safeParse(r.limits).success, r.name).toBe(true);
      expect(Number(r.params.lots), r.name).toBeLessThanOrEqual(r.limits.maxLots);
      expect(r.backtest).toBeNull();
    }
    // Better plans include more, each plan everything of the one below.
    const [basic, pro, vip] = await t.database.db.select().from(plans).orderBy(asc(plans.rank));
    if (!basic || !pro || !vip) throw new Error('plans not seeded');
    expect(basic.eas.length).toBeGreaterThan(0);
    expect(basic.eas.length).toBeLessThan(pro.eas.length);
    expect(pro.eas.length).toBeLessThan(vip.eas.length);
    expect(pro.eas).toEqual(expect.arrayContaining(basic.eas));
    expect(vip.eas.sort()).toEqual(rows.map((r) => r.id).sort());
    // The Basic plan includes a paid advisor too, so a new customer can buy one.
    const paidInBasic = rows.filter((r) => basic.eas.includes(r.id) && r.priceCents > 0n);
    expect(paidInBasic.length).toBeGreaterThan(0);
  });

  it('backtests every seeded advisor on stored candles in the background job, a few per pass', async () => {
    const db = t.database.db;
    const settings = createSettingsService({ db, clock: t.clock, bus: t.app.bus });
    const backtests = createBacktests({
      db,
      market: t.app.market,
      clock: t.clock,
      reference: createTradingReference({ db, bus: t.app.bus, settings }),
      audit: createAuditService({ db, clock: t.clock }),
      scheduler: t.app.scheduler,
      log: t.app.log,
    });
    let passes = 0;
    while ((await advisors()).some((a) => a.backtest === null) && passes < 10) {
      expect(await backtests.fillMissing()).toBeGreaterThan(0);
      passes++;
    }
    expect(passes).toBeGreaterThan(1);
    for (const a of await advisors()) {
      expect(a.backtest, a.name).not.toBeNull();
      expect(a.backtest?.equity.length, a.name).toBeGreaterThan(1);
      expect(Date.parse(a.backtest?.to ?? '')).toBeLessThanOrEqual(t.clock.now().getTime());
    }
  }, 120_000);
});

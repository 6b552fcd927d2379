import type { AdminAdvisor, AdvisorInput, HouseAccount } from '@openbroker/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { ledgerEntries, plans, users } from '../../db/schema.ts';
import { createTradingContext, type TradingContext } from '../../test/trading.ts';

export interface AdvisorTestContext extends TradingContext {
  /** Plans made for the test: new customers land on `basic` (the lowest rank). */
  basic: number;
  gold: number;
  /** A valid catalogue entry on EUR/USD in the basic plan, with `over` applied. */
  input(over?: Partial<AdvisorInput>): AdvisorInput;
  /** Creates an advisor as the admin staff member (201 expected). */
  createAdvisor(over?: Partial<AdvisorInput>): Promise<AdminAdvisor>;
  /** Moves a customer to a plan. */
  putOnPlan(userId: number, planId: number): Promise<void>;
  /** The customer's account balance as GET /user reports it. */
  balance(token: string, accountId: number): Promise<number>;
  /** The sum of a house account's live entries in a currency, cents. */
  houseTotal(house: HouseAccount, currency?: string): Promise<bigint>;
}

let names = 0;

/** A trading test app with two plans and helpers for the catalogue, purchases and AutoTrader. */
export async function createAdvisorContext(): Promise<AdvisorTestContext> {
  const t = await createTradingContext();
  const [basic, gold] = await t.database.db
    .insert(plans)
    .values([
      { title: 'Basic', color: '#64748b', leverage: 100, rank: 0 },
      { title: 'Gold', color: '#d4a017', leverage: 200, rank: 1 },
    ])
    .returning({ id: plans.id });
  if (!basic || !gold) throw new Error('plans not created');

  const input = (over: Partial<AdvisorInput> = {}): AdvisorInput => ({
    name: `Test Advisor ${++names}`,
    description: 'Buys and sells EUR/USD on moving-average crossovers of one-minute bars.',
    strategy: 'ma_crossover',
    params: { fast: 5, slow: 20 },
    limits: { maxLots: 1, maxOpenPositions: 3, equityStopPct: 30, closeOnEquityStop: true, hours: null },
    asset_id: t.assetId('EURUSD'),
    price: 49,
    category: 'Trend',
    author: 'Test Author',
    features: ['Crossover', 'One-minute bars'],
    image: null,
    plan_ids: [basic.id],
    active: true,
    autotrader: false,
    ...over,
  });

  return {
    ...t,
    basic: basic.id,
    gold: gold.id,
    input,
    async createAdvisor(over) {
      const res = await t.call(t.staff, 'POST', '/admin/expert_advisors', input(over));
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as AdminAdvisor;
    },
    async putOnPlan(userId, planId) {
      await t.database.db.update(users).set({ planId }).where(eq(users.id, userId));
    },
    async balance(token, accountId) {
      const me = (await t.call(token, 'GET', '/user')).json().data as {
        accounts: { id: number; balance: number }[];
      };
      const account = me.accounts.find((a) => a.id === accountId);
      if (!account) throw new Error(`no account ${accountId}`);
      return account.balance;
    },
    async houseTotal(house, currency = 'USD') {
      const [row] = await t.database.db
        .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::text` })
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.houseAccount, house),
            eq(ledgerEntries.currency, currency),
            eq(ledgerEntries.book, 'live'),
            isNull(ledgerEntries.tradingAccountId),
          ),
        );
      return BigInt(row?.total ?? '0');
    },
  };
}

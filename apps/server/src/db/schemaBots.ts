import type { BacktestSummary, RiskLimits } from '@openbroker/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { assets, tradingAccounts, users } from './schema.ts';

// Expert Advisors, the marketplace and AutoTrader (DESIGN §13, issue 16).

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** One strategy of a run: which strategy, on which instrument, with which parameters. */
export interface RunLeg {
  strategy: string;
  assetId: number;
  params: Record<string, unknown>;
  /** The catalogue advisor it came from (AutoTrader's set names them too). */
  advisorId: number | null;
  name: string;
}

/** The catalogue (SPEC §3 Expert Advisor): a strategy with preset parameters, sold in the marketplace. */
export const expertAdvisors = pgTable(
  'expert_advisors',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** A strategy key of packages/domain/src/bots/strategies; never customer code. */
    strategy: text('strategy').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    limits: jsonb('limits').$type<RiskLimits>().notNull(),
    assetId: bigint('asset_id', { mode: 'number' })
      .notNull()
      .references(() => assets.id),
    /** Price in US cents (SPEC: marketplace currency USD). */
    priceCents: bigint('price_cents', { mode: 'bigint' }).notNull(),
    category: text('category').notNull(),
    author: text('author').notNull(),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    image: text('image'),
    rating: doublePrecision('rating').notNull().default(0),
    downloads: integer('downloads').notNull().default(0),
    /** Withdrawn advisors leave the marketplace; owners keep them but cannot start new runs. */
    active: boolean('active').notNull().default(true),
    /** True for the strategies AutoTrader may use. */
    autotrader: boolean('autotrader').notNull().default(false),
    backtest: jsonb('backtest').$type<BacktestSummary>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('expert_advisors_price_nonneg', sql`${t.priceCents} >= 0`),
    uniqueIndex('expert_advisors_name_key').on(sql`lower(${t.name})`),
  ],
);

/** What a customer bought (free ones too): one row per customer and advisor. */
export const advisorPurchases = pgTable(
  'advisor_purchases',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    advisorId: bigint('advisor_id', { mode: 'number' })
      .notNull()
      .references(() => expertAdvisors.id),
    tradingAccountId: bigint('trading_account_id', { mode: 'number' }).references(() => tradingAccounts.id),
    /** What the account paid, in its currency's minor units, and the USD price it came from. */
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    priceCents: bigint('price_cents', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('advisor_purchases_user_advisor_key').on(t.userId, t.advisorId)],
);

/** A running (or stopped) Expert Advisor or AutoTrader on one account, resumed after a takeover. */
export const advisorRuns = pgTable(
  'advisor_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['ea', 'autotrader'] }).notNull(),
    advisorId: bigint('advisor_id', { mode: 'number' }).references(() => expertAdvisors.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tradingAccountId: bigint('trading_account_id', { mode: 'number' })
      .notNull()
      .references(() => tradingAccounts.id),
    status: text('status', { enum: ['running', 'stopped'] }).notNull(),
    /** AutoTrader's risk level; null for an Expert Advisor. */
    level: text('level', { enum: ['low', 'medium', 'high'] }),
    name: text('name').notNull(),
    legs: jsonb('legs').$type<RunLeg[]>().notNull(),
    limits: jsonb('limits').$type<RiskLimits>().notNull(),
    /** Equity when the run started, account currency cents: the equity stop's reference. */
    startEquityCents: bigint('start_equity_cents', { mode: 'bigint' }).notNull(),
    /** Per-leg strategy state and the engine's decision counter (JSON), saved as it changes. */
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    stopReason: text('stop_reason'),
    stopNote: text('stop_note'),
    stoppedBy: bigint('stopped_by', { mode: 'number' }).references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('advisor_runs_running_idx').on(t.status).where(sql`${t.status} = 'running'`),
    index('advisor_runs_user_idx').on(t.userId, t.id),
    uniqueIndex('advisor_runs_one_ea_key')
      .on(t.userId, t.advisorId)
      .where(sql`${t.status} = 'running' and ${t.kind} = 'ea'`),
    uniqueIndex('advisor_runs_one_autotrader_key')
      .on(t.userId)
      .where(sql`${t.status} = 'running' and ${t.kind} = 'autotrader'`),
  ],
);

/** A run's log of decisions: signals, orders, skips with their reason, starts and stops. */
export const advisorDecisions = pgTable(
  'advisor_decisions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => advisorRuns.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    code: text('code'),
    message: text('message').notNull(),
    tradeId: bigint('trade_id', { mode: 'number' }),
  },
  (t) => [index('advisor_decisions_run_idx').on(t.runId, t.id)],
);

import { z } from 'zod';
import { AUTOTRADER_LEVELS, ORDER_ORIGINS, SKIP_REASONS, STOP_REASONS } from './contract.ts';

// The HTTP contract of Expert Advisors, the marketplace and AutoTrader (SPEC §3, §7; issue 16).

/** The figures a catalogue item shows from its latest backtest (the curve only on the detail call). */
export const backtestSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  trades: z.number().int(),
  win_rate: z.number(),
  profit_factor: z.number().nullable(),
  max_drawdown: z.number(),
  net_profit: z.number(),
  /** [ISO time, equity in USD] at most 200 points. */
  equity: z.array(z.tuple([z.string(), z.number()])),
  ran_at: z.string(),
});
export type BacktestSummary = z.infer<typeof backtestSummarySchema>;

/** SPEC §3 Expert Advisor (server), plus what the marketplace and the tree show. */
export const expertAdvisorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Price in USD as a number (SPEC amount_val). */
  amount_val: z.number(),
  /** Price in USD, formatted "49.00" (SPEC amount). */
  amount: z.string(),
  image: z.string().nullable(),
  type: z.literal('expert_advisor'),
  rating: z.number(),
  downloads: z.number().int(),
  author: z.string(),
  category: z.string(),
  features: z.array(z.string()),
  /** The strategy it runs, its instrument and timeframe, in words. */
  strategy: z.string(),
  strategy_name: z.string(),
  risks: z.string(),
  symbol: z.string(),
  asset_id: z.number().int(),
  backtest: backtestSummarySchema.nullable(),
  /** Only on a signed-in call: whether this customer owns it. */
  purchased: z.boolean().optional(),
});
export type ExpertAdvisorDto = z.infer<typeof expertAdvisorSchema>;

export const purchaseAdvisorSchema = z.object({
  expert_advisor_id: z
    .number({ error: 'Expert Advisor not found' })
    .int()
    .positive('Expert Advisor not found'),
  /** The live account that pays; the customer's first live account when omitted. */
  account_id: z.number().int().positive().optional(),
});
export type PurchaseAdvisor = z.infer<typeof purchaseAdvisorSchema>;

export const autotraderRequestSchema = z.object({
  autotrader_type: z.enum(AUTOTRADER_LEVELS, { error: 'Choose a risk level: low, medium or high' }),
});

/** Starting a run: which advisor on which account (the customer's first live account when omitted). */
export const startRunSchema = z.object({
  account_id: z.number().int().positive().optional(),
});

export const riskLimitsSchema = z.object({
  maxLots: z.number().positive().max(100),
  maxOpenPositions: z.number().int().min(1).max(100),
  equityStopPct: z.number().min(0).max(100),
  closeOnEquityStop: z.boolean(),
  hours: z
    .object({
      fromMinute: z.number().int().min(0).max(1439),
      toMinute: z.number().int().min(1).max(1440),
    })
    .nullable(),
});

export const RUN_KINDS = ['ea', 'autotrader'] as const;
export const RUN_STATUSES = ['running', 'stopped'] as const;

/** A run as its owner (and staff) see it. */
export const advisorRunSchema = z.object({
  id: z.number().int(),
  kind: z.enum(RUN_KINDS),
  expert_advisor_id: z.number().int().nullable(),
  name: z.string(),
  user_id: z.number().int(),
  account_id: z.number().int(),
  status: z.enum(RUN_STATUSES),
  level: z.enum(AUTOTRADER_LEVELS).nullable(),
  started_at: z.string(),
  stopped_at: z.string().nullable(),
  stop_reason: z.enum(STOP_REASONS).nullable(),
  stop_note: z.string().nullable(),
  open_positions: z.number().int(),
  /** Realised + floating P/L today (UTC) of the run's trades, in the account currency. */
  pnl_today: z.number(),
  currency: z.string(),
});
export type AdvisorRunDto = z.infer<typeof advisorRunSchema>;

export const DECISION_KINDS = ['signal', 'order', 'close', 'skipped', 'started', 'stopped', 'error'] as const;
export const runDecisionSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.enum(DECISION_KINDS),
  code: z.union([z.enum(SKIP_REASONS), z.enum(STOP_REASONS)]).nullable(),
  message: z.string(),
  trade_id: z.number().int().nullable(),
});
export type RunDecisionDto = z.infer<typeof runDecisionSchema>;

/** Staff: a catalogue entry as edited in the back office. */
export const advisorInputSchema = z.object({
  name: z.string().trim().min(2).max(80),
  description: z.string().trim().min(10).max(2000),
  strategy: z.string().min(1),
  /** The strategy's parameters, checked against its own zod schema by the server. */
  params: z.record(z.string(), z.unknown()),
  limits: riskLimitsSchema,
  asset_id: z.number().int().positive(),
  price: z.number().min(0).max(100_000),
  category: z.string().trim().min(2).max(40),
  author: z.string().trim().min(2).max(80),
  features: z.array(z.string().trim().min(1).max(80)).max(12),
  image: z.string().trim().max(500).nullable(),
  /** Plans whose `eas` include it. */
  plan_ids: z.array(z.number().int().positive()),
  active: z.boolean(),
  /** Whether AutoTrader may pick this advisor for its broker-chosen set. */
  autotrader: z.boolean().default(false),
});
export type AdvisorInput = z.infer<typeof advisorInputSchema>;

/** Staff stop a run with a reason. */
export const staffStopRunSchema = z.object({ reason: z.string().trim().min(3).max(500) });

export const orderOriginSchema = z.enum(ORDER_ORIGINS);

/**
 * A catalogue entry as the staff editor reads it: the fields of `advisorInputSchema` (so a PUT can
 * send it back as it came) and the figures staff see beside them.
 */
export const adminAdvisorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The strategy key (the customer DTO's `strategy` is the words). */
  strategy: z.string(),
  params: z.record(z.string(), z.unknown()),
  limits: riskLimitsSchema,
  asset_id: z.number().int(),
  price: z.number(),
  category: z.string(),
  author: z.string(),
  features: z.array(z.string()),
  image: z.string().nullable(),
  plan_ids: z.array(z.number().int()),
  active: z.boolean(),
  autotrader: z.boolean(),
  strategy_name: z.string(),
  /** "Moving Average Crossover on EUR/USD, 1-hour bars". */
  summary: z.string(),
  /** The instrument's display symbol (EUR/USD). */
  symbol: z.string(),
  rating: z.number(),
  downloads: z.number().int(),
  backtest: backtestSummarySchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminAdvisor = z.infer<typeof adminAdvisorSchema>;

/** A run in the staff list across clients: whose it is and on which account. */
export const staffRunSchema = advisorRunSchema.extend({
  email: z.string(),
  user_name: z.string(),
  account_number: z.string(),
});
export type StaffRun = z.infer<typeof staffRunSchema>;

import { z } from 'zod';

/**
 * `GET /admin/dashboard` (issue 13 "Dashboard"): the broker at a glance. Money is integer cents in
 * USD (`*_cents`); customer P/L is the customers' side, so the house's result is its opposite.
 */
const cents = z.number().int();

export const exposureRowSchema = z.object({
  asset_id: z.number(),
  symbol: z.string(),
  name: z.string(),
  positions: z.number().int(),
  long_lots: z.number(),
  short_lots: z.number(),
  /** long − short. */
  net_lots: z.number(),
  long_notional_cents: cents,
  short_notional_cents: cents,
  net_notional_cents: cents,
  /** Customers' floating P/L on the instrument. */
  floating_pnl_cents: cents,
  /** False when the instrument has no live quote: notional at the opening price, no P/L. */
  priced: z.boolean(),
});
export type ExposureRow = z.infer<typeof exposureRowSchema>;

export const marginCallRowSchema = z.object({
  account_id: z.number(),
  account_number: z.string(),
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  currency: z.string(),
  equity_cents: cents,
  margin_cents: cents,
  /** Equity ÷ margin × 100. */
  margin_level: z.number(),
  margin_call_level: z.number(),
  stop_out_level: z.number(),
});
export type MarginCallRow = z.infer<typeof marginCallRowSchema>;

export const dashboardSchema = z.object({
  generated_at: z.string(),
  customers: z.object({
    pending: z.number().int(),
    active: z.number().int(),
    deactivated: z.number().int(),
    total: z.number().int(),
  }),
  queues: z.object({
    pending_clients: z.number().int(),
    approvals: z.number().int(),
    unread_chats: z.number().int(),
  }),
  money_today: z.object({
    /** False until the money module records deposits and withdrawals: the figures are then zero. */
    available: z.boolean(),
    deposits_count: z.number().int(),
    deposits_cents: cents,
    withdrawals_count: z.number().int(),
    withdrawals_cents: cents,
  }),
  positions: z.object({
    open: z.number().int(),
    accounts: z.number().int(),
    /** Positions whose instrument has no live quote (valued at their opening price, no P/L). */
    unpriced: z.number().int(),
  }),
  exposure: z.array(exposureRowSchema),
  pnl: z.object({
    floating_cents: cents,
    realised_today_cents: cents,
    realised_all_time_cents: cents,
  }),
  margin_calls: z.object({
    /**
     * `risk_engine`: this node runs the risk engine and reports its live state; `database`: no risk
     * role here, so levels are computed from the database and this node's quotes.
     */
    source: z.enum(['risk_engine', 'database']),
    accounts: z.array(marginCallRowSchema),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardResponseSchema = z.object({ data: dashboardSchema });

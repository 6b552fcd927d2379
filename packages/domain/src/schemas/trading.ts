import { z } from 'zod';
import { ORDER_ORIGINS } from '../bots/contract.ts';
import { PENDING_KINDS } from '../orders/pending.ts';
import { SIDES } from '../orders/side.ts';

/** How a trade came to be: at the market, or waiting for a price (DESIGN §6 pending orders). */
export const ORDER_TYPES = ['market', ...PENDING_KINDS] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const TRADE_STATUSES = ['pending', 'open', 'closed', 'cancelled'] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];
/** Why a trade left the book: the customer, staff, a level, the risk engine, or an unfillable order. */
export const CLOSE_REASONS = [
  'user',
  'staff',
  'stop_loss',
  'take_profit',
  'stop_out',
  'cancelled',
  'expired',
  'no_margin',
  /** An Expert Advisor or AutoTrader run closed it (DESIGN §13). */
  'advisor',
] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** A price or level the customer may leave unset: 0 and null both mean "none" (SPEC §7: "0 if unset"). */
const optionalLevel = (message: string) => z.number({ error: message }).min(0, message).nullable().optional();

/**
 * `POST /trades/store` (SPEC §7). The client sends its own view of price, margin and leverage; the
 * server reads only the side, the asset, the volume and the levels, and prices everything itself
 * (DESIGN §6). `volume` is in units (lots × contract size); `lots` may be sent instead.
 * `client_order_id` makes a retry safe: the same id returns the first answer (DESIGN §3).
 */
export const placeOrderSchema = z.object({
  type: z.enum(SIDES, { error: 'Type must be buy or sell' }),
  id: z.number().int().positive().nullable().optional(),
  volume: z
    .number({ error: 'Volume must be a number' })
    .positive('Volume must be a positive number')
    .optional(),
  lots: z
    .number({ error: 'Volume must be a number' })
    .positive('Volume must be a positive number')
    .optional(),
  take_profit: optionalLevel('Take profit must be a non-negative number'),
  stop_loss: optionalLevel('Stop loss must be a non-negative number'),
  order_type: z.enum(ORDER_TYPES).default('market'),
  /** A pending order's entry price. */
  entry_price: z
    .number({ error: 'Price must be a positive number' })
    .positive('Price must be a positive number')
    .optional(),
  /** A pending order is cancelled if still waiting at this time. */
  expires_at: z.iso.datetime({ offset: true, error: 'Expiry must be a date and time' }).nullable().optional(),
  client_order_id: z.string().trim().min(1).max(64).optional(),
  /** Which of the user's trading accounts (`accounts[].id`); the first when omitted. */
  account_id: z.number().int().positive().optional(),
  // Sent by SPEC's client and deliberately ignored: the server never trusts a price, margin or leverage.
  leverage: z.number().optional(),
  amount: z.number().optional(),
  qty: z.number().optional(),
  margin: z.number().optional(),
  opening_price: z.number().optional(),
  asset_symbol: z.string().max(64).optional(),
  asset_name: z.string().max(200).optional(),
});
export type PlaceOrder = z.infer<typeof placeOrderSchema>;

/** `POST /trade/{id}/close`: the whole position, or `volume` lots of it (partial close). */
export const closeTradeSchema = z
  .object({
    volume: z
      .number({ error: 'Volume must be a number' })
      .positive('Volume must be a positive number')
      .optional(),
  })
  .nullable()
  .optional();
export type CloseTrade = z.infer<typeof closeTradeSchema>;

/**
 * `PUT /trade/{id}`: set or clear take-profit and stop-loss (0 or null clears; an omitted field
 * stays as it is); on a pending order also its entry price and expiry.
 */
export const modifyTradeSchema = z.object({
  take_profit: optionalLevel('Take profit must be a non-negative number'),
  stop_loss: optionalLevel('Stop loss must be a non-negative number'),
  entry_price: z
    .number({ error: 'Price must be a positive number' })
    .positive('Price must be a positive number')
    .optional(),
  expires_at: z.iso.datetime({ offset: true, error: 'Expiry must be a date and time' }).nullable().optional(),
});
export type ModifyTrade = z.infer<typeof modifyTradeSchema>;

/** Selecting one of the user's trading accounts on a read (`?account_id=`); the first when omitted. */
export const accountQuerySchema = z.object({
  account_id: z.coerce.number().int().positive().optional(),
});
export const pageQuerySchema = accountQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** SPEC §3 Trade, plus what pending orders and closes need. Amounts in the account currency. */
export const tradeSchema = z.object({
  id: z.number(),
  trade_id: z.string(),
  account_id: z.number(),
  trade_type: z.enum(SIDES),
  order_type: z.enum(ORDER_TYPES),
  status: z.enum(TRADE_STATUSES),
  asset_id: z.number(),
  asset_symbol: z.string(),
  asset_name: z.string(),
  /** Lots. */
  volume: z.number(),
  units: z.number(),
  contract_size: z.number(),
  margin: z.number(),
  leverage: z.number(),
  entry_price: z.number().nullable(),
  opening_price: z.number().nullable(),
  /** The closing price, or while open the price it would close at now. */
  closing_price: z.number().nullable(),
  take_profit: z.number(),
  stop_loss: z.number(),
  /** Realised P/L once closed; floating P/L at the current price while open. */
  pnl: z.number(),
  open_time: z.string().nullable(),
  close_time: z.string().nullable(),
  close_reason: z.enum(CLOSE_REASONS).nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  /** Who placed it (DESIGN §13): the customer, an Expert Advisor or AutoTrader run, or staff. */
  origin: z.enum(ORDER_ORIGINS),
  /** The advisor's name on `ea` and `autotrader` orders (history and notifications show it). */
  origin_name: z.string().nullable(),
});
export type Trade = z.infer<typeof tradeSchema>;

/** The Laravel paginator shape of DESIGN §4. */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    meta: z.object({
      current_page: z.number(),
      last_page: z.number(),
      per_page: z.number(),
      total: z.number(),
    }),
    links: z.object({ next: z.string().nullable(), prev: z.string().nullable() }),
  });

/** SPEC §3 Account summary. `marginLevel` is null when no margin is held (shown as ∞). */
export const accountSummarySchema = z.object({
  account_id: z.number(),
  currency: z.string(),
  balance: z.number(),
  credit: z.number(),
  equity: z.number(),
  margin: z.number(),
  marginLevel: z.number().nullable(),
  freeMargin: z.number(),
  pnl: z.number(),
  /** Realised P/L of every closed position of the account (SPEC's placeholder made real). */
  lifetimePnl: z.number(),
});
export type AccountSummaryResponse = z.infer<typeof accountSummarySchema>;

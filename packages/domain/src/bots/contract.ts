import type { z } from 'zod';
import type { Side } from '../orders/side.ts';

// Expert Advisors (DESIGN §13): the one interface every strategy implements, and what the engine,
// the live runner and the backtest exchange. Pure data; no I/O.

/** Where an order came from: the customer, an Expert Advisor run, an AutoTrader run, or staff. */
export const ORDER_ORIGINS = ['user', 'ea', 'autotrader', 'staff'] as const;
export type OrderOrigin = (typeof ORDER_ORIGINS)[number];

/** A finished bar of a strategy's timeframe, built from mid prices. `time` is its open, ms. */
export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** One price event the engine is fed: a mid with the bid and ask it was dealt at, ms since epoch. */
export interface EngineTick {
  time: number;
  mid: number;
  bid: number;
  ask: number;
}

/** A position the run holds, as the engine knows it (the runner confirms opens and closes). */
export interface RunPosition {
  /** The trade id (live) or the simulated trade's id (backtest). */
  id: number;
  side: Side;
  lots: number;
  openPrice: number;
  openTime: number;
  stopLoss: number | null;
  takeProfit: number | null;
}

/** What a strategy asks for. `reason` is written to the run's decision log. */
export type Intent =
  | {
      type: 'open';
      side: Side;
      lots: number;
      stopLoss?: number | null;
      takeProfit?: number | null;
      reason: string;
    }
  | { type: 'close'; positionId: number; reason: string }
  | { type: 'modify'; positionId: number; stopLoss: number | null; reason: string };

/** What a strategy sees when it decides: closed bars oldest first (at most `lookback`), the tick, its positions. */
export interface StrategyContext<P> {
  params: P;
  bars: readonly Bar[];
  tick: EngineTick;
  positions: readonly RunPosition[];
  /** State the strategy keeps between calls (a grid's anchor, a trailing extreme); JSON only. */
  state: Record<string, unknown>;
}

/**
 * A server-side strategy: a typed module with a zod parameter schema. `onBar` runs once per closed
 * bar of `timeframeMs(params)`, `onTick` (optional) on every tick (trailing exits, grids). Both are
 * pure functions of their context (same inputs → same intents): the backtest and the live run share
 * them, so the same ticks make the same trades.
 */
export interface Strategy<P = Record<string, unknown>> {
  key: string;
  name: string;
  /** How it trades, in plain words. */
  description: string;
  /** What can go wrong with it, honestly. */
  risks: string;
  params: z.ZodType<P>;
  defaults: P;
  timeframeMs(params: P): number;
  /** Closed bars it needs before its first decision (the engine keeps this many). */
  lookback(params: P): number;
  onBar(ctx: StrategyContext<P>): Intent[];
  onTick?(ctx: StrategyContext<P>): Intent[];
}

/** Risk limits of every run (issue 16). */
export interface RiskLimits {
  /** Largest order, lots. */
  maxLots: number;
  /** Most positions open at once (AutoTrader's level caps it further). */
  maxOpenPositions: number;
  /** Stop when equity falls this % below the equity at start (0 = off). */
  equityStopPct: number;
  /** On the equity stop, close the run's positions too. */
  closeOnEquityStop: boolean;
  /** Allowed trading hours, UTC, [from, to) in minutes of the day; null = whenever the market is open. */
  hours: { fromMinute: number; toMinute: number } | null;
}

/** Why an open intent was not executed, or why a run stopped (the decision log's codes). */
export const SKIP_REASONS = [
  'market_closed',
  'outside_hours',
  'max_lots',
  'max_positions',
  'insufficient_margin',
  'autotrader_cap',
  'rejected',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export const STOP_REASONS = [
  'user',
  'staff',
  'equity_stop',
  'stop_out',
  'account_inactive',
  'plan_excluded',
  'advisor_withdrawn',
  'error',
] as const;
export type StopReason = (typeof STOP_REASONS)[number];

export const AUTOTRADER_LEVELS = ['low', 'medium', 'high'] as const;
export type AutoTraderLevel = (typeof AUTOTRADER_LEVELS)[number];

/** One closed trade of a backtest. */
export interface BacktestTrade {
  side: Side;
  lots: number;
  openTime: number;
  openPrice: number;
  closeTime: number;
  closePrice: number;
  /** In the account currency (USD for catalogue backtests), cents. */
  pnlCents: number;
  reason: string;
}

/** A backtest's figures (the marketplace shows them; staff rerun them). */
export interface BacktestResult {
  from: number;
  to: number;
  startingBalanceCents: number;
  endingBalanceCents: number;
  trades: number;
  wins: number;
  /** 0..1. */
  winRate: number;
  /** Gross profit / gross loss; null when there was no loss. */
  profitFactor: number | null;
  /** Largest fall of equity from a peak, as a fraction 0..1. */
  maxDrawdown: number;
  netProfitCents: number;
  /** Equity at most 200 evenly spaced points: [time ms, equity cents]. */
  equity: [number, number][];
  tradeList: BacktestTrade[];
}

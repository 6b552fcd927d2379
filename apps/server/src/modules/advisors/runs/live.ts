import type { AutoTraderLevel, RiskLimits, RunPosition, StrategyEngine, Trade } from '@openbroker/domain';
import type { RunLeg } from '../../../db/schemaBots.ts';
import type { TradeRow } from '../../trading/repo.ts';
import type { RunRef } from '../../trading/runOrders.ts';

/** One strategy of a run in memory: its engine, fed the ticks of its instrument. */
export interface LiveLeg {
  index: number;
  leg: RunLeg;
  engine: StrategyEngine;
  run: LiveRun;
}

/** A running run as the runner holds it (DESIGN §13): no database read on the tick path. */
export interface LiveRun {
  id: number;
  ref: RunRef;
  level: AutoTraderLevel | null;
  limits: RiskLimits;
  startEquityCents: bigint;
  legs: LiveLeg[];
  /** The next order number of `run-{id}-{n}` client order ids. */
  counter: number;
  /** Executions of this run, one after another: no two orders of one run overlap. */
  chain: Promise<void>;
  /** Set the moment a stop is decided: nothing more is executed, ticks pass it by. */
  stopped: boolean;
  /** The run's open positions (trade id → the leg that holds it), for limits and closes by others. */
  positions: Map<number, LiveLeg>;
  /** Positions the run is closing itself (their close, announced before it returns, is not "by others"). */
  closing: Set<number>;
  /** The last refusal of a stop-loss move per position, so a trailing exit does not log it every tick. */
  modifyErrors: Map<number, string>;
  /** The engines moved since the state was last saved. */
  dirty: boolean;
}

/** What a run saves in `advisor_runs.state`: the order counter and each leg's engine snapshot. */
export interface SavedState {
  n: number;
  legs: unknown[];
}

export function savedStateOf(raw: Record<string, unknown>): SavedState {
  const n = typeof raw.n === 'number' && Number.isInteger(raw.n) && raw.n >= 0 ? raw.n : 0;
  const legs = Array.isArray(raw.legs) ? raw.legs : [];
  return { n, legs };
}

export function stateOf(run: LiveRun): Record<string, unknown> {
  return { n: run.counter, legs: run.legs.map((l) => l.engine.snapshot()) };
}

/** A stored open trade as the engine knows a position. */
export function positionOfRow(row: TradeRow): RunPosition {
  return {
    id: row.id,
    side: row.side,
    lots: row.lots,
    openPrice: row.openingPrice ?? 0,
    openTime: (row.openedAt ?? row.createdAt).getTime(),
    stopLoss: row.stopLoss,
    takeProfit: row.takeProfit,
  };
}

/** A trade the trading service answered with, as the engine knows a position. */
export function positionOfTrade(t: Trade): RunPosition {
  return {
    id: t.id,
    side: t.trade_type,
    lots: t.volume,
    openPrice: t.opening_price ?? 0,
    openTime: t.open_time ? Date.parse(t.open_time) : Date.parse(t.created_at),
    stopLoss: t.stop_loss > 0 ? t.stop_loss : null,
    takeProfit: t.take_profit > 0 ? t.take_profit : null,
  };
}

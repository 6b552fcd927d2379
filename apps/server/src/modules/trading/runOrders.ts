import { closePrice, formatPrice, type Side, type Trade } from '@openbroker/domain';
import { AppError } from '../../errors.ts';
import { findUserById } from '../users/repo.ts';
import { money, type TradingCore, type TradingDeps } from './core.ts';
import { dealablePrice, instrumentOf, tradableInstrumentOf } from './marketGate.ts';
import { checkedLots, checkedStops, openAtMarket } from './marketOrder.ts';
import { presentTrade } from './present.ts';
import {
  findOrderRequest,
  findTrade,
  findUserOrderRequest,
  saveOrderRequest,
  type TradeRow,
  updateTrade,
} from './repo.ts';

/** A price as the instrument is quoted (its display digits, as GET /assets gives them). */
const priceText = (instrument: { decimals: number; displayDigits: number | null }, price: number | null) =>
  formatPrice(price, instrument.displayDigits ?? instrument.decimals);

/** The run an order belongs to, as the trading service needs it (DESIGN §13). */
export interface RunRef {
  id: number;
  kind: 'ea' | 'autotrader';
  /** The advisor's name (or "AutoTrader (medium)"): history and notifications show it. */
  name: string;
  userId: number;
  accountId: number;
}

export interface RunOrder {
  run: RunRef;
  assetId: number;
  side: Side;
  lots: number;
  stopLoss: number | null;
  takeProfit: number | null;
  /** `run-{runId}-{n}`: a takeover that repeats a decision is answered with the first order. */
  clientOrderId: string;
}

export interface RunPlaced {
  trade: Trade;
  /**
   * Answered from an earlier order with this client order id: `same` when it asked for the same
   * thing (the decision was already executed), `different` when the id was used for another order.
   */
  repeated: false | 'same' | 'different';
}

/** What a run's order asks for, to tell a repeated decision from a reused id. */
const fingerprintOf = (o: RunOrder) =>
  `run:${o.run.id}:${o.assetId}:${o.side}:${o.lots}:${o.stopLoss ?? 0}:${o.takeProfit ?? 0}`;

/**
 * Expert Advisor and AutoTrader orders (DESIGN §13): the same checks and the same code path as a
 * customer's market order (market open, a fresh price, volume, stops, free margin, the plan's
 * leverage), marked with the run's origin and name, and told to the customer as a notification.
 */
export function createRunOrders(deps: TradingDeps, core: TradingCore) {
  const { db, clock, market, reference } = deps;
  const { transact, notify, lockForChange, closePosition } = core;

  /** A trade of this run, refusing any other as if it did not exist. */
  async function runTrade(tradeId: number, runId: number): Promise<TradeRow> {
    const row = await findTrade(db, tradeId);
    if (!row || row.advisorRunId !== runId) throw new AppError('NOT_FOUND', 'Trade not found.');
    return row;
  }

  return {
    /** Opens a market position for a run; idempotent by `clientOrderId` on the run's account. */
    async placeForRun(o: RunOrder): Promise<RunPlaced> {
      const fingerprint = fingerprintOf(o);
      const answered = (earlier: { response: unknown; fingerprint: string | null }): RunPlaced => ({
        trade: earlier.response as Trade,
        repeated: earlier.fingerprint === fingerprint ? 'same' : 'different',
      });
      // A repeat is answered before any price or market check, like a customer's retry.
      const earlier = await findUserOrderRequest(db, o.run.userId, o.run.accountId, o.clientOrderId);
      if (earlier) return answered(earlier);
      const user = await findUserById(db, o.run.userId);
      if (user?.role !== 'customer' || user.status !== 'active') throw new AppError('ACCOUNT_INACTIVE');
      const instrument = tradableInstrumentOf(market, o.assetId);
      const lots = checkedLots(o.lots);
      const priced = dealablePrice(market, instrument, clock.now());
      const stops = checkedStops(o.side, closePrice(o.side, priced.quote), o.takeProfit, o.stopLoss);
      const leverage = await reference.leverage(instrument.type, instrument.leverage, user.planId);

      return transact(async (work) => {
        const account = await work.lockOne(o.run.accountId);
        if (!account || account.userId !== o.run.userId) {
          throw new AppError('NOT_FOUND', 'No such trading account.');
        }
        const again = await findOrderRequest(work.tx, account.id, o.clientOrderId);
        if (again) return { result: answered(again), effects: null };
        const row = await openAtMarket(core, work, account, {
          userId: o.run.userId,
          instrument,
          side: o.side,
          lots,
          leverage,
          quote: priced.quote,
          ...stops,
          now: clock.now(),
          origin: { origin: o.run.kind, originName: o.run.name, advisorRunId: o.run.id },
        });
        const trade = presentTrade(row, market, account.currency);
        await saveOrderRequest(work.tx, account.id, o.clientOrderId, fingerprint, row.id, trade);
        const n = await notify(work.tx, {
          userId: o.run.userId,
          title: o.run.name,
          message: `${o.run.name} opened a ${o.side} of ${lots} lots ${instrument.symbolDisplay} at ${priceText(instrument, row.openingPrice)}.`,
          color: 'other',
        });
        return {
          result: { trade, repeated: false as const },
          effects: { account, trades: [row], notifications: [n] },
        };
      });
    },

    /**
     * Closes all of a run's position at the market (close reason `advisor`). A position already
     * closed (by its stop-loss, the customer or a stop-out) answers CONFLICT, which the runner
     * takes as closed.
     */
    async closeForRun(tradeId: number, runId: number, why?: string): Promise<Trade> {
      const row = await runTrade(tradeId, runId);
      if (row.status !== 'open') throw new AppError('CONFLICT', 'This position is already closed.');
      const instrument = instrumentOf(market, row.assetId);
      const priced = dealablePrice(market, instrument, clock.now());
      return transact(async (work) => {
        const { account, trade } = await lockForChange(work, row);
        if (trade.status !== 'open') throw new AppError('CONFLICT', 'This position is already closed.');
        const { closed } = await closePosition(work, account, trade, trade.lots, priced.quote, 'advisor');
        const name = trade.originName ?? 'Expert Advisor';
        const n = await notify(work.tx, {
          userId: account.userId,
          title: name,
          message:
            `${name} closed a ${trade.side} of ${trade.lots} lots ${instrument.symbolDisplay} at ${priceText(instrument, closed.closingPrice)} with P/L ${money(closed.pnlCents ?? 0n)}` +
            (why ? ` (${why}).` : '.'),
          color: (closed.pnlCents ?? 0n) >= 0n ? 'success' : 'warning',
        });
        return {
          result: presentTrade(closed, market, account.currency),
          effects: { account, trades: [closed], notifications: [n] },
        };
      });
    },

    /** Moves (or clears) the stop-loss of a run's open position (a trailing exit). */
    async modifyForRun(tradeId: number, runId: number, stopLoss: number | null): Promise<Trade> {
      const row = await runTrade(tradeId, runId);
      const instrument = instrumentOf(market, row.assetId);
      const priced = dealablePrice(market, instrument, clock.now());
      return transact(async (work) => {
        const { account, trade } = await lockForChange(work, row);
        if (trade.status !== 'open') throw new AppError('CONFLICT', 'This position is already closed.');
        const stops = checkedStops(
          trade.side,
          closePrice(trade.side, priced.quote),
          trade.takeProfit,
          stopLoss,
        );
        const updated = await updateTrade(work.tx, trade.id, { stopLoss: stops.stopLoss });
        return {
          result: presentTrade(updated, market, account.currency),
          effects: { account, trades: [updated], notifications: [] },
        };
      });
    },
  };
}

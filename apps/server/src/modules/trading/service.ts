import {
  closePrice,
  lotsInHundredths,
  type ModifyTrade,
  orderFingerprint,
  type PendingKind,
  type PlaceOrder,
  pendingSide,
  type Trade,
  unitsFromLots,
  validatePendingPrice,
  validateVolume,
} from '@openbroker/domain';
import { AppError, validationError } from '../../errors.ts';
import type { Tx } from '../accounts/repo.ts';
import type { UserRow } from '../auth/sessionRepo.ts';
import { createTradingCore, type TradingDeps } from './core.ts';
import { dealablePrice, instrumentOf, lastQuote, tradableInstrumentOf } from './marketGate.ts';
import { checkedLots, checkedStops, openAtMarket } from './marketOrder.ts';
import { presentTrade } from './present.ts';
import {
  findOrderRequest,
  findTrade,
  findUserOrderRequest,
  insertTrade,
  type OrderAnswer,
  saveOrderRequest,
  type TradeRow,
  updateTrade,
} from './repo.ts';
import { createRiskExecutions } from './riskExecutions.ts';
import { createRunOrders } from './runOrders.ts';

export type { CloseReasonIn, TradingDeps } from './core.ts';

/** The stored answer to a repeated client order id; the same key for a different order is refused. */
function repeatedOrder(earlier: OrderAnswer, fingerprint: string): Trade {
  if (earlier.fingerprint !== null && earlier.fingerprint !== fingerprint) {
    throw validationError({
      client_order_id: ['This client_order_id was already used for a different order'],
    });
  }
  // Answers stored before orders carried an origin were the customer's own.
  return {
    origin: 'user',
    origin_name: null,
    ...(earlier.response as Omit<Trade, 'origin' | 'origin_name'>),
  };
}

/**
 * The one trading service (DESIGN §6–§7): every effect on orders, positions and the money they
 * move (a customer's order, a trigger, a stop-out, staff) goes through here, in one transaction that
 * locks the account first, re-checks the state it acts on, and publishes what changed after commit.
 * Prices, margin and leverage always come from the server's own quote and settings.
 */
export function createTradingService(deps: TradingDeps) {
  const core = createTradingCore(deps);
  const { db, clock, market, reference } = deps;
  const { assertCanTrade, closePosition, transact, ownTrade, lockForChange } = core;
  const customer = {
    /** `POST /trades/store`: a market order opens at once; a pending order waits for its price. */
    async place(user: UserRow, input: PlaceOrder): Promise<Trade> {
      assertCanTrade(user);
      const fingerprint = orderFingerprint(input);
      // A retry is answered first, before any price or market check: the order it repeats may have
      // opened at a quote that has gone stale since.
      if (input.client_order_id) {
        const earlier = await findUserOrderRequest(db, user.id, input.account_id, input.client_order_id);
        if (earlier) return repeatedOrder(earlier, fingerprint);
      }
      const instrument = tradableInstrumentOf(market, input.id);
      const rawLots =
        input.lots ?? (input.volume === undefined ? undefined : input.volume / instrument.contractSize);
      const lots = checkedLots(rawLots ?? 0);
      const units = unitsFromLots(lots, instrument.contractSize);
      const priced = dealablePrice(market, instrument, clock.now());
      const orderType = input.order_type;
      const pending = orderType !== 'market';
      const side = pending ? pendingSide(orderType) : input.type;
      if (pending && side !== input.type) {
        throw validationError({ order_type: [`A ${orderType.replace('_', ' ')} order is a ${side} order`] });
      }
      let entryPrice: number | null = null;
      if (pending) {
        const e = validatePendingPrice(orderType as PendingKind, input.entry_price ?? 0, priced.quote);
        if (!e.ok) throw new AppError(e.error.code, e.error.message, e.error.errors);
        entryPrice = e.value;
      }
      const stops = checkedStops(
        side,
        entryPrice ?? closePrice(side, priced.quote),
        input.take_profit,
        input.stop_loss,
      );
      const now = clock.now();
      const expiresAt = pending && input.expires_at ? new Date(input.expires_at) : null;
      if (expiresAt && expiresAt.getTime() <= now.getTime()) {
        throw validationError({ expires_at: ['Expiry must be in the future'] });
      }
      const leverage = await reference.leverage(instrument.type, instrument.leverage, user.planId);

      return transact(async (work) => {
        const { tx } = work;
        // A market order checks free margin: its lock brings the account's open totals along.
        const locked = pending
          ? await work.lockOfUser(user.id, input.account_id).then((row) => row && { row, totals: undefined })
          : await work.lockOfUserWithTotals(user.id, input.account_id);
        if (!locked) throw new AppError('NOT_FOUND', 'No such trading account.');
        const account = locked.row;
        if (input.client_order_id) {
          const earlier = await findOrderRequest(tx, account.id, input.client_order_id);
          if (earlier) return { result: repeatedOrder(earlier, fingerprint), effects: null };
        }
        const row: TradeRow = pending
          ? await insertTrade(tx, {
              tradingAccountId: account.id,
              userId: user.id,
              assetId: instrument.id,
              side,
              orderType,
              lots,
              units,
              contractSize: instrument.contractSize,
              leverage,
              ...stops,
              status: 'pending',
              entryPrice,
              expiresAt,
            })
          : await openAtMarket(
              core,
              work,
              account,
              {
                userId: user.id,
                instrument,
                side,
                lots,
                leverage,
                quote: priced.quote,
                ...stops,
                now,
              },
              locked.totals,
            );
        const result = presentTrade(row, market, account.currency);
        if (input.client_order_id)
          await saveOrderRequest(tx, account.id, input.client_order_id, fingerprint, row.id, result);
        return { result, effects: { account, trades: [row], notifications: [] } };
      });
    },

    /**
     * `POST /trade/{id}/close`: all of an open position, or `lots` of it. `within` runs in the
     * closing transaction (a staff close writes its audit row there, so both commit or neither).
     */
    async close(
      user: UserRow | null,
      tradeId: number,
      lots?: number,
      within?: (tx: Tx, before: TradeRow, closed: TradeRow) => Promise<void>,
    ): Promise<Trade> {
      const row = user ? await ownTrade(user, tradeId) : await findTrade(db, tradeId);
      if (!row) throw new AppError('NOT_FOUND', 'Trade not found.');
      if (row.status !== 'open') throw new AppError('CONFLICT', 'This position is already closed.');
      const instrument = instrumentOf(market, row.assetId);
      const priced = dealablePrice(market, instrument, clock.now());
      return transact(async (work) => {
        const { account, trade } = await lockForChange(work, row);
        if (trade.status !== 'open') throw new AppError('CONFLICT', 'This position is already closed.');
        let closeLots = trade.lots;
        if (lots !== undefined) {
          const v = validateVolume(lots);
          if (!v.ok) throw new AppError(v.error.code, v.error.message, v.error.errors);
          if (lotsInHundredths(v.value) > lotsInHundredths(trade.lots)) {
            throw validationError({ volume: [`You can close at most ${trade.lots} lots of this position`] });
          }
          closeLots = v.value;
        }
        const { closed, remaining } = await closePosition(
          work,
          account,
          trade,
          closeLots,
          priced.quote,
          user ? 'user' : 'staff',
        );
        await within?.(work.tx, trade, closed);
        return {
          result: presentTrade(closed, market, account.currency),
          effects: {
            account,
            trades: remaining ? [remaining, closed] : [closed],
            notifications: [],
          },
        };
      });
    },

    /** `PUT /trade/{id}`: take-profit and stop-loss (and a pending order's price and expiry). */
    async modify(user: UserRow, tradeId: number, input: ModifyTrade): Promise<Trade> {
      const row = await ownTrade(user, tradeId);
      const instrument = instrumentOf(market, row.assetId);
      const q = lastQuote(market, instrument);
      if (!q) throw new AppError('PRICE_STALE');
      return transact(async (work) => {
        const { account, trade } = await lockForChange(work, row);
        if (trade.status !== 'open' && trade.status !== 'pending') {
          throw new AppError('CONFLICT', 'This trade is no longer open.');
        }
        const patch: Partial<TradeRow> = {};
        let entry = trade.entryPrice;
        if (trade.status === 'pending') {
          if (input.entry_price !== undefined) {
            const e = validatePendingPrice(trade.orderType as PendingKind, input.entry_price, q);
            if (!e.ok) throw new AppError(e.error.code, e.error.message, e.error.errors);
            entry = e.value;
            patch.entryPrice = entry;
          }
          if (input.expires_at !== undefined) {
            const at = input.expires_at === null ? null : new Date(input.expires_at);
            if (at && at.getTime() <= clock.now().getTime()) {
              throw validationError({ expires_at: ['Expiry must be in the future'] });
            }
            patch.expiresAt = at;
          }
        } else if (input.entry_price !== undefined || input.expires_at !== undefined) {
          throw validationError({ entry_price: ['Only a pending order has an entry price and expiry'] });
        }
        const tp = input.take_profit === undefined ? trade.takeProfit : input.take_profit;
        const sl = input.stop_loss === undefined ? trade.stopLoss : input.stop_loss;
        // A filled pending order keeps its entry price; only a still-pending one is checked against it.
        const reference = trade.status === 'pending' && entry !== null ? entry : closePrice(trade.side, q);
        const stops = checkedStops(trade.side, reference, tp, sl);
        patch.takeProfit = stops.takeProfit;
        patch.stopLoss = stops.stopLoss;
        const updated = await updateTrade(work.tx, trade.id, patch);
        return {
          result: presentTrade(updated, market, account.currency),
          effects: { account, trades: [updated], notifications: [] },
        };
      });
    },

    /** Cancels a pending order (`POST /trade/{id}/cancel`). */
    async cancel(user: UserRow, tradeId: number): Promise<Trade> {
      const row = await ownTrade(user, tradeId);
      return transact(async (work) => {
        const { account, trade } = await lockForChange(work, row);
        if (trade.status !== 'pending') throw new AppError('CONFLICT', 'This order is no longer pending.');
        const updated = await updateTrade(work.tx, trade.id, {
          status: 'cancelled',
          closeReason: 'cancelled',
          closedAt: clock.now(),
        });
        return {
          result: presentTrade(updated, market, account.currency),
          effects: { account, trades: [updated], notifications: [] },
        };
      });
    },
  };
  const risk = createRiskExecutions(deps, core);
  return {
    ...customer,
    ...risk,
    /** Stop-out (see riskExecutions), announced so the account's Expert Advisors stop too. */
    async stopOut(accountId: number): Promise<TradeRow[]> {
      const closed = await risk.stopOut(accountId);
      const first = closed[0];
      if (first) deps.bus.publish('account.stopped_out', { userId: first.userId, accountId });
      return closed;
    },
    ...createRunOrders(deps, core),
  };
}
export type TradingService = ReturnType<typeof createTradingService>;

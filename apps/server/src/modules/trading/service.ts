import {
  centsToAmount,
  closePrice,
  type ModifyTrade,
  margin,
  openPrice,
  type PendingKind,
  type PlaceOrder,
  pendingSide,
  pendingTriggered,
  pnl,
  type Quote,
  type StopTrigger,
  slTpTriggered,
  stopOutPlan,
  type Trade,
  toCents,
  unitsFromLots,
  validatePendingPrice,
  validateStops,
  validateVolume,
} from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError, validationError } from '../../errors.ts';
import type { MarketData } from '../../feed/MarketData.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import { accountSnapshot, tradeSnapshot } from '../../risk/snapshots.ts';
import type { UserRow } from '../auth/sessionRepo.ts';
import type { DbOrTx } from '../ledger/ledgerRepo.ts';
import { insertNotification, type NewNotification, type NotificationRow } from '../notifications/repo.ts';
import type { TradingReference } from './levels.ts';
import { dealablePrice, instrumentOf, lastQuote } from './marketGate.ts';
import { presentTrade } from './present.ts';
import {
  type AccountRow,
  findOrderRequest,
  findTrade,
  insertTrade,
  lockAccountById,
  lockTrade,
  lockUserAccount,
  openPositions,
  readAccount,
  saveOrderRequest,
  type TradeRow,
  updateTrade,
} from './repo.ts';
import { settleRealisedPnl } from './settlement.ts';
import { exposures, inAccountCurrency, summarize } from './valuation.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface TradingDeps {
  db: Db;
  clock: Clock;
  market: MarketData;
  bus: Bus;
  reference: TradingReference;
  log: FastifyBaseLogger;
}

/** Who asks for a close: the customer, staff in the back office, or the risk engine. */
export type CloseReasonIn = 'user' | 'staff' | StopTrigger | 'stop_out';

/** What one committed transaction changed, published after commit. */
interface Effects {
  account: AccountRow;
  planId: number | null;
  trades: TradeRow[];
  notifications: NotificationRow[];
}

const CLOSE_TITLES: Record<StopTrigger | 'stop_out', string> = {
  stop_loss: 'Stop loss triggered',
  take_profit: 'Take profit triggered',
  stop_out: 'Stop out',
};

const money = (cents: bigint) =>
  `${cents < 0n ? '-' : ''}$${centsToAmount(cents < 0n ? -cents : cents).toFixed(2)}`;
const hundredths = (lots: number) => BigInt(Math.round(lots * 100));

function settlementReason(closed: TradeRow): string {
  return `Trade ${closed.id}: ${closed.side} ${closed.lots} lots closed (${closed.closeReason})`;
}

/**
 * The one trading service (DESIGN §6–§7): every effect on orders, positions and the money they
 * move (a customer's order, a trigger, a stop-out, staff) goes through here, in one transaction that
 * locks the account first, re-checks the state it acts on, and publishes what changed after commit.
 * Prices, margin and leverage always come from the server's own quote and settings.
 */
export function createTradingService(deps: TradingDeps) {
  const { db, clock, market, bus, reference } = deps;

  function assertCanTrade(user: UserRow): void {
    if (user.role !== 'customer' || user.status !== 'active') throw new AppError('ACCOUNT_INACTIVE');
  }

  async function publish(effects: Effects): Promise<void> {
    const levels = await reference.levels(effects.planId);
    const { account } = effects;
    bus.publish('risk.sync', {
      account: accountSnapshot(account, levels),
      trades: effects.trades.map((t) => tradeSnapshot(t, account.revision)),
    });
    for (const t of effects.trades) bus.publish('trade.updated', { userId: account.userId, tradeId: t.id });
    bus.publish('user.updated', { userId: account.userId });
    for (const n of effects.notifications) {
      const { createdAt: _c, readAt: _r, ...notification } = n;
      bus.publish('notification.created', { userId: n.userId, notification });
    }
  }

  /** Margin of a new position in the account currency, in cents, at its opening price. */
  function marginCentsOf(units: number, price: number, leverage: number, quoteCcy: string, currency: string) {
    return toCents(
      inAccountCurrency(margin(units, price, leverage), { quoteCurrency: quoteCcy }, currency, market.rate),
    );
  }

  /** Refuses when the new margin does not fit in free margin at current prices (DESIGN §6). */
  async function assertFreeMargin(tx: Tx, account: AccountRow, marginCents: bigint): Promise<void> {
    const summary = summarize(account, exposures(market, account, await openPositions(tx, account.id)));
    const freeCents = toCents(summary.freeMargin);
    if (marginCents > freeCents) {
      throw new AppError(
        'INSUFFICIENT_MARGIN',
        `Not enough free margin: this trade needs ${money(marginCents)} and ${money(freeCents < 0n ? 0n : freeCents)} is free.`,
      );
    }
  }

  /**
   * Closes `lots` of an open position at `q` (all of it when equal), books the rounded P/L through
   * the ledger, and returns the closed row (a split-off row for a partial close) and what remains.
   */
  async function closePosition(
    tx: Tx,
    account: AccountRow,
    row: TradeRow,
    lots: number,
    q: Quote,
    reason: CloseReasonIn,
    settle = true,
  ): Promise<{ closed: TradeRow; remaining: TradeRow | null; deficitCents: bigint }> {
    const instrument = instrumentOf(market, row.assetId);
    const now = clock.now();
    const price = closePrice(row.side, q);
    const whole = hundredths(lots) >= hundredths(row.lots);
    const units = whole ? row.units : unitsFromLots(lots, row.contractSize);
    const pnlCents = toCents(
      inAccountCurrency(
        pnl(row.side, row.openingPrice ?? price, price, units),
        instrument,
        account.currency,
        market.rate,
      ),
    );
    let closed: TradeRow;
    let remaining: TradeRow | null = null;
    const closing = {
      status: 'closed',
      closingPrice: price,
      pnlCents,
      closeReason: reason,
      closedAt: now,
    } as const;
    if (whole) {
      closed = await updateTrade(tx, row.id, closing);
    } else {
      const releasedMargin = (row.marginCents * hundredths(lots)) / hundredths(row.lots);
      const leftLots = Number(hundredths(row.lots) - hundredths(lots)) / 100;
      remaining = await updateTrade(tx, row.id, {
        lots: leftLots,
        units: unitsFromLots(leftLots, row.contractSize),
        marginCents: row.marginCents - releasedMargin,
      });
      const { id: _id, createdAt: _c, ...copy } = row;
      closed = await insertTrade(tx, {
        ...copy,
        ...closing,
        lots,
        units,
        marginCents: releasedMargin,
        parentId: row.id,
      });
    }
    if (!settle) return { closed, remaining, deficitCents: 0n };
    const { deficitCents } = await settleRealisedPnl(
      tx,
      account.id,
      pnlCents,
      closed.id,
      settlementReason(closed),
    );
    return { closed, remaining, deficitCents };
  }

  /** Runs `work` in a transaction and publishes its effects after commit. */
  async function transact<T>(work: (tx: Tx) => Promise<{ result: T; effects: Effects | null }>): Promise<T> {
    const { result, effects } = await db.transaction(work);
    if (effects) await publish(effects);
    return result;
  }

  /** The account after the transaction's postings, for the published snapshot. */
  async function settledAccount(tx: Tx, account: AccountRow): Promise<AccountRow> {
    return (await readAccount(tx, account.id)) ?? account;
  }

  async function notify(tx: DbOrTx, n: NewNotification): Promise<NotificationRow> {
    return insertNotification(tx, n);
  }

  /** The trade a customer names, refusing anyone else's as if it did not exist. */
  async function ownTrade(user: UserRow, tradeId: number): Promise<TradeRow> {
    const row = await findTrade(db, tradeId);
    if (!row || row.userId !== user.id) throw new AppError('NOT_FOUND', 'Trade not found.');
    return row;
  }

  async function lockForChange(tx: Tx, row: TradeRow): Promise<{ account: AccountRow; trade: TradeRow }> {
    const account = await lockAccountById(tx, row.tradingAccountId);
    const trade = await lockTrade(tx, row.id);
    if (!account || !trade) throw new AppError('NOT_FOUND', 'Trade not found.');
    return { account, trade };
  }

  async function planOf(tx: DbOrTx, userId: number): Promise<number | null> {
    const [row] = await tx.select({ planId: users.planId }).from(users).where(eq(users.id, userId));
    return row?.planId ?? null;
  }

  const service = {
    /** `POST /trades/store`: a market order opens at once; a pending order waits for its price. */
    async place(user: UserRow, input: PlaceOrder): Promise<Trade> {
      assertCanTrade(user);
      const instrument = instrumentOf(market, input.id);
      const rawLots =
        input.lots ?? (input.volume === undefined ? undefined : input.volume / instrument.contractSize);
      const vol = validateVolume(rawLots ?? 0);
      if (!vol.ok) throw new AppError(vol.error.code, vol.error.message, vol.error.errors);
      const lots = vol.value;
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
      const stops = validateStops(
        side,
        entryPrice ?? closePrice(side, priced.quote),
        input.take_profit,
        input.stop_loss,
      );
      if (!stops.ok) {
        const errors = Object.fromEntries(
          Object.entries(stops.error.errors ?? {}).map(([k, v]) => [
            k === 'takeProfit' ? 'take_profit' : 'stop_loss',
            v,
          ]),
        );
        throw validationError(errors);
      }
      const now = clock.now();
      const expiresAt = pending && input.expires_at ? new Date(input.expires_at) : null;
      if (expiresAt && expiresAt.getTime() <= now.getTime()) {
        throw validationError({ expires_at: ['Expiry must be in the future'] });
      }
      const leverage = await reference.leverage(instrument.type, instrument.leverage, user.planId);

      return transact(async (tx) => {
        const account = await lockUserAccount(tx, user.id, input.account_id);
        if (!account) throw new AppError('NOT_FOUND', 'No such trading account.');
        if (input.client_order_id) {
          const earlier = await findOrderRequest(tx, account.id, input.client_order_id);
          if (earlier) return { result: earlier as Trade, effects: null };
        }
        const base = {
          tradingAccountId: account.id,
          userId: user.id,
          assetId: instrument.id,
          side,
          orderType,
          lots,
          units,
          contractSize: instrument.contractSize,
          leverage,
          takeProfit: stops.value.takeProfit,
          stopLoss: stops.value.stopLoss,
        };
        let row: TradeRow;
        if (pending) {
          row = await insertTrade(tx, { ...base, status: 'pending', entryPrice, expiresAt });
        } else {
          const opening = openPrice(side, priced.quote);
          const marginCents = marginCentsOf(
            units,
            opening,
            leverage,
            instrument.quoteCurrency,
            account.currency,
          );
          await assertFreeMargin(tx, account, marginCents);
          row = await insertTrade(tx, {
            ...base,
            status: 'open',
            openingPrice: opening,
            marginCents,
            openedAt: now,
          });
        }
        const result = presentTrade(row, market, account.currency);
        if (input.client_order_id)
          await saveOrderRequest(tx, account.id, input.client_order_id, row.id, result);
        return { result, effects: { account, planId: user.planId, trades: [row], notifications: [] } };
      });
    },

    /** `POST /trade/{id}/close`: all of an open position, or `lots` of it. */
    async close(user: UserRow | null, tradeId: number, lots?: number): Promise<Trade> {
      const row = user ? await ownTrade(user, tradeId) : await findTrade(db, tradeId);
      if (!row) throw new AppError('NOT_FOUND', 'Trade not found.');
      if (row.status !== 'open') throw new AppError('CONFLICT', 'This position is already closed.');
      const instrument = instrumentOf(market, row.assetId);
      const priced = dealablePrice(market, instrument, clock.now());
      return transact(async (tx) => {
        const { account, trade } = await lockForChange(tx, row);
        if (trade.status !== 'open') throw new AppError('CONFLICT', 'This position is already closed.');
        let closeLots = trade.lots;
        if (lots !== undefined) {
          const v = validateVolume(lots);
          if (!v.ok) throw new AppError(v.error.code, v.error.message, v.error.errors);
          if (hundredths(v.value) > hundredths(trade.lots)) {
            throw validationError({ volume: [`You can close at most ${trade.lots} lots of this position`] });
          }
          closeLots = v.value;
        }
        const { closed, remaining } = await closePosition(
          tx,
          account,
          trade,
          closeLots,
          priced.quote,
          user ? 'user' : 'staff',
        );
        return {
          result: presentTrade(closed, market, account.currency),
          effects: {
            account: await settledAccount(tx, account),
            planId: user ? user.planId : await planOf(tx, account.userId),
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
      return transact(async (tx) => {
        const { account, trade } = await lockForChange(tx, row);
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
        const stops = validateStops(trade.side, reference, tp, sl);
        if (!stops.ok) {
          const errors = Object.fromEntries(
            Object.entries(stops.error.errors ?? {}).map(([k, v]) => [
              k === 'takeProfit' ? 'take_profit' : 'stop_loss',
              v,
            ]),
          );
          throw validationError(errors);
        }
        patch.takeProfit = stops.value.takeProfit;
        patch.stopLoss = stops.value.stopLoss;
        const updated = await updateTrade(tx, trade.id, patch);
        return {
          result: presentTrade(updated, market, account.currency),
          effects: { account, planId: user.planId, trades: [updated], notifications: [] },
        };
      });
    },

    /** Cancels a pending order (`POST /trade/{id}/cancel`). */
    async cancel(user: UserRow, tradeId: number): Promise<Trade> {
      const row = await ownTrade(user, tradeId);
      return transact(async (tx) => {
        const { account, trade } = await lockForChange(tx, row);
        if (trade.status !== 'pending') throw new AppError('CONFLICT', 'This order is no longer pending.');
        const updated = await updateTrade(tx, trade.id, {
          status: 'cancelled',
          closeReason: 'cancelled',
          closedAt: clock.now(),
        });
        return {
          result: presentTrade(updated, market, account.currency),
          effects: { account, planId: user.planId, trades: [updated], notifications: [] },
        };
      });
    },

    /**
     * The risk engine's SL/TP execution at the quote that crossed the level. Re-checks inside the
     * transaction that the position is still open and the level still crossed, so a race with a
     * manual close (or a level just moved) closes once or not at all. Null when nothing was done.
     */
    async executeStop(tradeId: number, kind: StopTrigger, q: Quote): Promise<TradeRow | null> {
      const row = await findTrade(db, tradeId);
      if (row?.status !== 'open') return null;
      return transact(async (tx) => {
        const { account, trade } = await lockForChange(tx, row);
        if (
          trade.status !== 'open' ||
          slTpTriggered(trade.side, q, trade.stopLoss, trade.takeProfit) !== kind
        ) {
          return { result: null, effects: null };
        }
        const { closed } = await closePosition(tx, account, trade, trade.lots, q, kind);
        const instrument = instrumentOf(market, trade.assetId);
        const n = await notify(tx, {
          userId: account.userId,
          title: CLOSE_TITLES[kind],
          message: `Your ${trade.side} ${trade.lots} lots ${instrument.symbolDisplay} position closed at ${closed.closingPrice} with P/L ${money(closed.pnlCents ?? 0n)}.`,
          color: (closed.pnlCents ?? 0n) >= 0n ? 'success' : 'warning',
        });
        return {
          result: closed,
          effects: {
            account: await settledAccount(tx, account),
            planId: await planOf(tx, account.userId),
            trades: [closed],
            notifications: [n],
          },
        };
      });
    },

    /**
     * Fills a pending order whose price was reached, at the market (the crossing quote), if free
     * margin allows; otherwise cancels it and tells the customer. Null when it was no longer pending.
     */
    async fillPending(tradeId: number, q: Quote): Promise<TradeRow | null> {
      const row = await findTrade(db, tradeId);
      if (row?.status !== 'pending') return null;
      return transact(async (tx) => {
        const { account, trade } = await lockForChange(tx, row);
        const now = clock.now();
        if (
          trade.status !== 'pending' ||
          trade.entryPrice === null ||
          !pendingTriggered(trade.orderType as PendingKind, trade.entryPrice, q) ||
          (trade.expiresAt && trade.expiresAt.getTime() <= now.getTime())
        ) {
          return { result: null, effects: null };
        }
        const instrument = instrumentOf(market, trade.assetId);
        const opening = openPrice(trade.side, q);
        const marginCents = marginCentsOf(
          trade.units,
          opening,
          trade.leverage,
          instrument.quoteCurrency,
          account.currency,
        );
        const label = `${trade.orderType.replace('_', ' ')} ${trade.lots} lots ${instrument.symbolDisplay}`;
        let updated: TradeRow;
        let n: NotificationRow;
        try {
          await assertFreeMargin(tx, account, marginCents);
          updated = await updateTrade(tx, trade.id, {
            status: 'open',
            openingPrice: opening,
            marginCents,
            openedAt: now,
          });
          n = await notify(tx, {
            userId: account.userId,
            title: 'Pending order filled',
            message: `Your ${label} order opened at ${opening}.`,
            color: 'success',
          });
        } catch (e) {
          if (!(e instanceof AppError && e.code === 'INSUFFICIENT_MARGIN')) throw e;
          updated = await updateTrade(tx, trade.id, {
            status: 'cancelled',
            closeReason: 'no_margin',
            closedAt: now,
          });
          n = await notify(tx, {
            userId: account.userId,
            title: 'Pending order cancelled',
            message: `Your ${label} order reached its price but there was not enough free margin to open it.`,
            color: 'danger',
          });
        }
        return {
          result: updated,
          effects: {
            account,
            planId: await planOf(tx, account.userId),
            trades: [updated],
            notifications: [n],
          },
        };
      });
    },

    /** Cancels a pending order whose expiry has passed. */
    async expire(tradeId: number): Promise<TradeRow | null> {
      const row = await findTrade(db, tradeId);
      if (row?.status !== 'pending') return null;
      return transact(async (tx) => {
        const { account, trade } = await lockForChange(tx, row);
        if (
          trade.status !== 'pending' ||
          !trade.expiresAt ||
          trade.expiresAt.getTime() > clock.now().getTime()
        ) {
          return { result: null, effects: null };
        }
        const updated = await updateTrade(tx, trade.id, {
          status: 'cancelled',
          closeReason: 'expired',
          closedAt: clock.now(),
        });
        return {
          result: updated,
          effects: {
            account,
            planId: await planOf(tx, account.userId),
            trades: [updated],
            notifications: [],
          },
        };
      });
    },

    /**
     * Stop-out (DESIGN §6): with the account locked and its positions re-read, closes the largest
     * loss first until the margin level is above the plan's stop-out level; any deficit left is
     * booked to the house by negative balance protection. Positions whose market cannot be dealt
     * on now stay open. Returns the closed rows.
     */
    async stopOut(accountId: number): Promise<TradeRow[]> {
      const owner = await readAccount(db, accountId);
      if (!owner) return [];
      // Read before the transaction: PGlite has one connection, so a read outside it would wait forever.
      const planId = await planOf(db, owner.userId);
      const levels = await reference.levels(planId);
      return transact(async (tx) => {
        const account = await lockAccountById(tx, accountId);
        if (!account) return { result: [], effects: null };
        const now = clock.now();
        const positions = exposures(market, account, await openPositions(tx, account.id));
        const quotes = new Map<number, Quote>();
        for (const p of positions) {
          const instrument = market.instrument(p.row.assetId);
          if (!instrument || quotes.has(instrument.id)) continue;
          try {
            quotes.set(instrument.id, dealablePrice(market, instrument, now).quote);
          } catch {
            // Closed or stale: it cannot be dealt on now, so it is not closed.
          }
        }
        const plan = stopOutPlan(
          {
            balance: centsToAmount(account.balanceCents),
            credit: centsToAmount(account.creditCents),
            positions,
          },
          levels,
        );
        if (plan.length === 0) return { result: [], effects: null };
        const closed: TradeRow[] = [];
        for (const p of plan) {
          const q = quotes.get(p.row.assetId);
          if (!q) continue;
          closed.push((await closePosition(tx, account, p.row, p.row.lots, q, 'stop_out', false)).closed);
        }
        // One stop-out is one event for the account: gains are booked before losses, so negative
        // balance protection covers only the net deficit, not a loss that the same stop-out's gains pay.
        let deficit = 0n;
        for (const c of [...closed].sort((a, b) => Number((b.pnlCents ?? 0n) - (a.pnlCents ?? 0n)))) {
          deficit += (await settleRealisedPnl(tx, account.id, c.pnlCents ?? 0n, c.id, settlementReason(c)))
            .deficitCents;
        }
        const settled = await settledAccount(tx, account);
        const total = closed.reduce((s, t) => s + (t.pnlCents ?? 0n), 0n);
        const n = await notify(tx, {
          userId: account.userId,
          title: CLOSE_TITLES.stop_out,
          message:
            `Your margin level fell to the stop-out level of ${levels.stopOut}%. ${closed.length} position(s) were closed with P/L ${money(total)}.` +
            (deficit > 0n ? ` Negative balance protection covered ${money(deficit)}.` : ''),
          color: 'danger',
        });
        return { result: closed, effects: { account: settled, planId, trades: closed, notifications: [n] } };
      });
    },

    /** Tells a customer their margin level reached the margin call level (once per episode). */
    async marginCall(accountId: number, level: number): Promise<void> {
      const row = await readAccount(db, accountId);
      if (!row) return;
      const n = await notify(db, {
        userId: row.userId,
        title: 'Margin call',
        message: `Your margin level is ${level.toFixed(2)}%. Add funds or close positions to avoid a stop-out.`,
        color: 'warning',
      });
      const { createdAt: _c, readAt: _r, ...notification } = n;
      bus.publish('notification.created', { userId: n.userId, notification });
    },
  };
  return service;
}
export type TradingService = ReturnType<typeof createTradingService>;

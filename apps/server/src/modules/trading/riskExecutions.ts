import {
  centsToAmount,
  openPrice,
  type PendingKind,
  pendingTriggered,
  type Quote,
  type StopTrigger,
  slTpTriggered,
  stopOutPlan,
} from '@openbroker/domain';
import { AppError } from '../../errors.ts';
import { readAccount, readAccountWithPlan } from '../accounts/repo.ts';
import { settleRealisedPnl } from '../accounts/settlement.ts';
import type { NotificationRow } from '../notifications/repo.ts';
import { CLOSE_TITLES, money, settlementReason, type TradingCore, type TradingDeps } from './core.ts';
import { dealablePrice, instrumentOf } from './marketGate.ts';
import { findTrade, openPositions, type TradeRow, updateTrade } from './repo.ts';
import { exposures } from './valuation.ts';

/**
 * The risk engine's side of the trading service: SL/TP executions, pending fills and expiries,
 * stop-outs and margin calls, each in one transaction that re-checks the state it acts on.
 */
export function createRiskExecutions(deps: TradingDeps, core: TradingCore) {
  const { db, clock, market, bus, reference } = deps;
  const { marginCentsOf, assertFreeMargin, closePosition, transact, notify, lockForChange } = core;
  return {
    /**
     * The risk engine's SL/TP execution at the quote that crossed the level. Re-checks inside the
     * transaction that the position is still open and the level still crossed, so a race with a
     * manual close (or a level just moved) closes once or not at all. Null when nothing was done.
     */
    async executeStop(tradeId: number, kind: StopTrigger, q: Quote): Promise<TradeRow | null> {
      const row = await findTrade(db, tradeId);
      if (row?.status !== 'open') return null;
      return transact(async (work) => {
        const { tx } = work;
        const { account, trade } = await lockForChange(work, row);
        if (
          trade.status !== 'open' ||
          slTpTriggered(trade.side, q, trade.stopLoss, trade.takeProfit) !== kind
        ) {
          return { result: null, effects: null };
        }
        const { closed } = await closePosition(work, account, trade, trade.lots, q, kind);
        const instrument = instrumentOf(market, trade.assetId);
        const n = await notify(tx, {
          userId: account.userId,
          title: CLOSE_TITLES[kind],
          message: `Your ${trade.side} ${trade.lots} lots ${instrument.symbolDisplay} position closed at ${closed.closingPrice} with P/L ${money(closed.pnlCents ?? 0n)}.`,
          color: (closed.pnlCents ?? 0n) >= 0n ? 'success' : 'warning',
        });
        return {
          result: closed,
          effects: { account, trades: [closed], notifications: [n] },
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
      return transact(async (work) => {
        const { tx } = work;
        const { account, trade } = await lockForChange(work, row);
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
          // Staff may have disabled the instrument since the order was placed: nothing new opens on it.
          if (!instrument.enabled) {
            throw new AppError(
              'MARKET_CLOSED',
              `${instrument.symbolDisplay} is no longer available for trading.`,
            );
          }
          await assertFreeMargin(work, account, marginCents);
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
          if (!(e instanceof AppError && (e.code === 'INSUFFICIENT_MARGIN' || e.code === 'MARKET_CLOSED')))
            throw e;
          const noMargin = e.code === 'INSUFFICIENT_MARGIN';
          updated = await updateTrade(tx, trade.id, {
            status: 'cancelled',
            closeReason: noMargin ? 'no_margin' : 'cancelled',
            closedAt: now,
          });
          n = await notify(tx, {
            userId: account.userId,
            title: 'Pending order cancelled',
            message: noMargin
              ? `Your ${label} order reached its price but there was not enough free margin to open it.`
              : `Your ${label} order reached its price but ${instrument.symbolDisplay} is no longer available for trading.`,
            color: 'danger',
          });
        }
        return {
          result: updated,
          effects: { account, trades: [updated], notifications: [n] },
        };
      });
    },

    /** Cancels a pending order whose expiry has passed. */
    async expire(tradeId: number): Promise<TradeRow | null> {
      const row = await findTrade(db, tradeId);
      if (row?.status !== 'pending') return null;
      return transact(async (work) => {
        const { tx } = work;
        const { account, trade } = await lockForChange(work, row);
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
          effects: { account, trades: [updated], notifications: [] },
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
      const owner = await readAccountWithPlan(db, accountId);
      if (!owner) return [];
      // Read before the transaction: PGlite has one connection, so a read outside it would wait forever.
      const levels = await reference.levels(owner.planId);
      return transact(async (work) => {
        const { tx } = work;
        const account = await work.lockOne(accountId);
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
          closed.push((await closePosition(work, account, p.row, p.row.lots, q, 'stop_out', false)).closed);
        }
        // One stop-out is one event for the account: gains are booked before losses, so negative
        // balance protection covers only the net deficit, not a loss that the same stop-out's gains pay.
        let deficit = 0n;
        for (const c of [...closed].sort((a, b) => Number((b.pnlCents ?? 0n) - (a.pnlCents ?? 0n)))) {
          deficit += (await settleRealisedPnl(work, account.id, c.pnlCents ?? 0n, c.id, settlementReason(c)))
            .deficitCents;
        }
        const total = closed.reduce((s, t) => s + (t.pnlCents ?? 0n), 0n);
        const n = await notify(tx, {
          userId: account.userId,
          title: CLOSE_TITLES.stop_out,
          message:
            `Your margin level fell to the stop-out level of ${levels.stopOut}%. ${closed.length} position(s) were closed with P/L ${money(total)}.` +
            (deficit > 0n ? ` Negative balance protection covered ${money(deficit)}.` : ''),
          color: 'danger',
        });
        return { result: closed, effects: { account, trades: closed, notifications: [n] } };
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
}

import {
  centsToAmount,
  closePrice,
  margin,
  pnl,
  type Quote,
  type StopTrigger,
  splitPosition,
  toCents,
} from '@openbroker/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { MarketData } from '../../feed/MarketData.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { OpenTotal } from '../accounts/openTotals.ts';
import type { LockedRow } from '../accounts/repo.ts';
import type { AccountsService } from '../accounts/service.ts';
import { settleRealisedPnl } from '../accounts/settlement.ts';
import type { AccountsWork } from '../accounts/work.ts';
import type { UserRow } from '../auth/sessionRepo.ts';
import {
  insertNotification,
  type NewNotification,
  type NotificationRow,
  publishNotification,
} from '../notifications/repo.ts';
import type { TradingReference } from '../plans/reference.ts';
import { certainlyFits, freeMarginFromTotals } from './freeMargin.ts';
import { instrumentOf } from './marketGate.ts';
import {
  findTrade,
  insertTrade,
  lockTrade,
  openPositions,
  openTotals,
  type TradeRow,
  updateTrade,
} from './repo.ts';
import { exposures, inAccountCurrency, summarize } from './valuation.ts';
export interface TradingDeps {
  db: Db;
  clock: Clock;
  market: MarketData;
  bus: Bus;
  accounts: AccountsService;
  reference: TradingReference;
  log: FastifyBaseLogger;
}

/** Who asks for a close: the customer, staff in the back office, the risk engine, or an advisor run. */
export type CloseReasonIn = 'user' | 'staff' | StopTrigger | 'stop_out' | 'advisor';

/**
 * What one committed transaction changed: the trades it wrote (carried in the accounts owner's
 * snapshot of the account, and announced as `trade.updated`) and the notifications it stored.
 */
export interface Effects {
  account: LockedRow;
  trades: TradeRow[];
  notifications: NotificationRow[];
}

export const CLOSE_TITLES: Record<StopTrigger | 'stop_out', string> = {
  stop_loss: 'Stop loss triggered',
  take_profit: 'Take profit triggered',
  stop_out: 'Stop out',
};

export const money = (cents: bigint) =>
  `${cents < 0n ? '-' : ''}$${centsToAmount(cents < 0n ? -cents : cents).toFixed(2)}`;

export function settlementReason(closed: TradeRow): string {
  return `Trade ${closed.id}: ${closed.side} ${closed.lots} lots closed (${closed.closeReason})`;
}

/**
 * What every trading effect shares (DESIGN §6–§7): locking the account before its trades, closing
 * and settling a position through the ledger, the free-margin check, and publishing the committed
 * changes. The customer calls (service.ts) and the risk engine's executions (riskExecutions.ts) are
 * built on it, so there is one way to move money.
 */
export function createTradingCore(deps: TradingDeps) {
  const { db, clock, market, bus, accounts } = deps;

  function assertCanTrade(user: UserRow): void {
    if (user.role !== 'customer' || user.status !== 'active') throw new AppError('ACCOUNT_INACTIVE');
  }

  /** Margin of a new position in the account currency, in cents, at its opening price. */
  function marginCentsOf(units: number, price: number, leverage: number, quoteCcy: string, currency: string) {
    return toCents(
      inAccountCurrency(margin(units, price, leverage), { quoteCurrency: quoteCcy }, currency, market.rate),
    );
  }

  /**
   * Refuses when the new margin does not fit in free margin at current prices (DESIGN §6). Decided
   * first on the account's open totals per instrument and side (`totals` when the lock brought them,
   * else one aggregate query), which costs the same however many positions the account holds; an
   * order near the line, or refused, is decided on the rows exactly as before (freeMargin.ts).
   */
  async function assertFreeMargin(
    work: AccountsWork,
    account: LockedRow,
    marginCents: bigint,
    totals?: readonly OpenTotal[],
  ): Promise<void> {
    const estimate = freeMarginFromTotals(market, account, totals ?? (await openTotals(work.tx, account.id)));
    if (certainlyFits(estimate, marginCents)) return;
    const summary = summarize(account, exposures(market, account, await openPositions(work.tx, account.id)));
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
    work: AccountsWork,
    account: LockedRow,
    row: TradeRow,
    lots: number,
    q: Quote,
    reason: CloseReasonIn,
    settle = true,
  ): Promise<{ closed: TradeRow; remaining: TradeRow | null; deficitCents: bigint }> {
    const { tx } = work;
    const instrument = instrumentOf(market, row.assetId);
    const now = clock.now();
    const price = closePrice(row.side, q);
    const split = splitPosition(row, lots);
    const units = split.closeUnits;
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
    if (split.whole) {
      closed = await updateTrade(tx, row.id, closing);
    } else {
      remaining = await updateTrade(tx, row.id, {
        lots: split.remainingLots,
        units: split.remainingUnits,
        marginCents: split.remainingMarginCents,
      });
      const { id: _id, createdAt: _c, ...copy } = row;
      closed = await insertTrade(tx, {
        ...copy,
        ...closing,
        lots,
        units,
        marginCents: split.releasedMarginCents,
        parentId: row.id,
      });
    }
    if (!settle) return { closed, remaining, deficitCents: 0n };
    const { deficitCents } = await settleRealisedPnl(
      work,
      account.id,
      pnlCents,
      closed.id,
      settlementReason(closed),
    );
    return { closed, remaining, deficitCents };
  }

  /**
   * Runs `work` in one transaction of the accounts owner (which publishes the changed accounts and
   * the trades they carry after commit), then announces the trades and notifications.
   */
  async function transact<T>(
    work: (w: AccountsWork) => Promise<{ result: T; effects: Effects | null }>,
  ): Promise<T> {
    const { result, effects } = await accounts.transaction(async (w) => {
      const out = await work(w);
      if (out.effects) w.attachTrades(out.effects.account.id, out.effects.trades);
      return out;
    });
    if (effects) {
      const { userId } = effects.account;
      for (const t of effects.trades) bus.publish('trade.updated', { userId, tradeId: t.id });
      for (const n of effects.notifications) publishNotification(bus, n);
    }
    return result;
  }

  async function notify(tx: AccountsWork['tx'] | Db, n: NewNotification): Promise<NotificationRow> {
    return insertNotification(tx, n);
  }

  /** The trade a customer names, refusing anyone else's as if it did not exist. */
  async function ownTrade(user: UserRow, tradeId: number): Promise<TradeRow> {
    const row = await findTrade(db, tradeId);
    if (!row || row.userId !== user.id) throw new AppError('NOT_FOUND', 'Trade not found.');
    return row;
  }

  async function lockForChange(
    work: AccountsWork,
    row: TradeRow,
  ): Promise<{ account: LockedRow; trade: TradeRow }> {
    const account = await work.lockOne(row.tradingAccountId);
    const trade = await lockTrade(work.tx, row.id);
    if (!account || !trade) throw new AppError('NOT_FOUND', 'Trade not found.');
    return { account, trade };
  }

  return {
    assertCanTrade,
    marginCentsOf,
    assertFreeMargin,
    closePosition,
    transact,
    notify,
    ownTrade,
    lockForChange,
  };
}
export type TradingCore = ReturnType<typeof createTradingCore>;

import {
  centsToAmount,
  closePrice,
  margin,
  pnl,
  type Quote,
  type StopTrigger,
  toCents,
  unitsFromLots,
} from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { MarketData } from '../../feed/MarketData.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import { accountSnapshot, tradeSnapshot } from '../../risk/snapshots.ts';
import type { UserRow } from '../auth/sessionRepo.ts';
import type { DbOrTx } from '../ledger/ledgerRepo.ts';
import {
  insertNotification,
  type NewNotification,
  type NotificationRow,
  publishNotification,
} from '../notifications/repo.ts';
import type { TradingReference } from './levels.ts';
import { instrumentOf } from './marketGate.ts';
import {
  type AccountRow,
  findTrade,
  insertTrade,
  lockAccountById,
  lockTrade,
  openPositions,
  readAccount,
  type TradeRow,
  updateTrade,
} from './repo.ts';
import { settleRealisedPnl } from './settlement.ts';
import { exposures, inAccountCurrency, summarize } from './valuation.ts';
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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
export interface Effects {
  account: AccountRow;
  planId: number | null;
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
export const hundredths = (lots: number) => BigInt(Math.round(lots * 100));

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
    for (const n of effects.notifications) publishNotification(bus, n);
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

  return {
    assertCanTrade,
    marginCentsOf,
    assertFreeMargin,
    closePosition,
    transact,
    settledAccount,
    notify,
    ownTrade,
    lockForChange,
    planOf,
  };
}
export type TradingCore = ReturnType<typeof createTradingCore>;

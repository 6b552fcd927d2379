import type { OrderType, Side, TradeStatus } from '@openbroker/domain';
import type { RiskLevelsOfPlan } from '../modules/trading/levels.ts';
import type { AccountRow, TradeRow } from '../modules/trading/repo.ts';

/**
 * What the risk engine needs of an account, as of `revision` (bumped under the account's lock by
 * every change), so snapshots arriving out of order (across nodes) are applied in order.
 */
export interface AccountSnapshot {
  id: number;
  userId: number;
  currency: string;
  balanceCents: number;
  creditCents: number;
  revision: number;
  marginCallLevel: number;
  stopOutLevel: number;
}

export interface TradeSnapshot {
  id: number;
  accountId: number;
  assetId: number;
  side: Side;
  orderType: OrderType;
  status: TradeStatus;
  units: number;
  openingPrice: number | null;
  entryPrice: number | null;
  marginCents: number;
  stopLoss: number | null;
  takeProfit: number | null;
  expiresAt: number | null;
  /** The account revision this state was written at. */
  revision: number;
}

export function accountSnapshot(row: AccountRow, levels: RiskLevelsOfPlan): AccountSnapshot {
  return {
    id: row.id,
    userId: row.userId,
    currency: row.currency,
    balanceCents: Number(row.balanceCents),
    creditCents: Number(row.creditCents),
    revision: row.revision,
    marginCallLevel: levels.marginCall,
    stopOutLevel: levels.stopOut,
  };
}

export function tradeSnapshot(row: TradeRow, revision: number): TradeSnapshot {
  return {
    id: row.id,
    accountId: row.tradingAccountId,
    assetId: row.assetId,
    side: row.side,
    orderType: row.orderType,
    status: row.status,
    units: row.units,
    openingPrice: row.openingPrice,
    entryPrice: row.entryPrice,
    marginCents: Number(row.marginCents),
    stopLoss: row.stopLoss,
    takeProfit: row.takeProfit,
    expiresAt: row.expiresAt ? row.expiresAt.getTime() : null,
    revision,
  };
}

import type { AccountSnapshot, RiskLevels, TradeSnapshot } from '@openbroker/domain';
import type { trades, tradingAccounts } from '../db/schema.ts';

type AccountRow = typeof tradingAccounts.$inferSelect;
type TradeRow = typeof trades.$inferSelect;

export type { AccountSnapshot, TradeSnapshot };

export function accountSnapshot(row: AccountRow, levels: RiskLevels): AccountSnapshot {
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

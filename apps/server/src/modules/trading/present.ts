import { centsToAmount, closePrice, type Trade, toCents } from '@openbroker/domain';
import type { MarketData } from '../../feed/MarketData.ts';
import { lastQuote } from './marketGate.ts';
import type { TradeRow } from './repo.ts';
import { floatingPnl } from './valuation.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * SPEC §3 Trade. A closed trade shows what was booked; an open one its price and P/L now (SPEC §4
 * "price updates recompute closing price and pnl"), rounded to the cent as a close would book it.
 */
export function presentTrade(row: TradeRow, market: MarketData, currency: string): Trade {
  const instrument = market.instrument(row.assetId);
  let closing = row.closingPrice;
  let pnlAmount = row.pnlCents === null ? 0 : centsToAmount(row.pnlCents);
  if (row.status === 'open' && instrument) {
    const q = lastQuote(market, instrument);
    if (q) {
      closing = closePrice(row.side, q);
      pnlAmount = centsToAmount(toCents(floatingPnl(row, instrument, q, currency, market.rate)));
    }
  }
  return {
    id: row.id,
    trade_id: String(row.id),
    account_id: row.tradingAccountId,
    trade_type: row.side,
    order_type: row.orderType,
    status: row.status,
    asset_id: row.assetId,
    asset_symbol: instrument?.symbolDisplay ?? `#${row.assetId}`,
    asset_name: instrument?.name ?? `Instrument ${row.assetId}`,
    volume: row.lots,
    units: row.units,
    contract_size: row.contractSize,
    margin: centsToAmount(row.marginCents),
    leverage: row.leverage,
    entry_price: row.entryPrice,
    opening_price: row.openingPrice,
    closing_price: closing,
    take_profit: row.takeProfit ?? 0,
    stop_loss: row.stopLoss ?? 0,
    pnl: pnlAmount,
    open_time: iso(row.openedAt),
    close_time: iso(row.closedAt),
    close_reason: row.closeReason,
    expires_at: iso(row.expiresAt),
    created_at: row.createdAt.toISOString(),
    origin: row.origin,
    origin_name: row.originName,
  };
}

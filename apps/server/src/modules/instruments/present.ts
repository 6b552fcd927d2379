import {
  type AdminInstrument,
  instrumentSchedule,
  isMarketOpen,
  quote,
  scheduleFor,
} from '@openbroker/domain';
import type { MarketData } from '../../feed/MarketData.ts';
import type { AssetRow } from '../assets/repo.ts';

/** An instrument as staff see it: the stored row, the live quote at its spreads, open now or not. */
export function presentInstrument(row: AssetRow, market: MarketData, now: Date): AdminInstrument {
  const live = market.quote(row.id);
  const q = live ? quote(live.price, row.buySpread, row.sellSpread) : undefined;
  return {
    id: row.id,
    symbol: row.symbol,
    symbol_display: row.symbolDisplay,
    sy: row.sy,
    name: row.name,
    type: row.type,
    category: row.category,
    base_currency: row.baseCurrency,
    quote_currency: row.quoteCurrency,
    reference_price: row.referencePrice,
    buy_spread: row.buySpread,
    sell_spread: row.sellSpread,
    leverage: row.leverage,
    contract_size: row.contractSize,
    decimals: row.decimals,
    display_digits: row.displayDigits,
    exchange_zone: row.exchangeZone,
    sessions: row.sessions,
    default_hours: scheduleFor(row.type, row.exchangeZone).description,
    enabled: row.enabled,
    rate: live?.price ?? null,
    bid: q?.bid ?? null,
    ask: q?.ask ?? null,
    is_open: isMarketOpen(instrumentSchedule(row), now),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

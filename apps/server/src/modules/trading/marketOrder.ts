import {
  type OrderOrigin,
  openPrice,
  type Quote,
  type Side,
  unitsFromLots,
  validateStops,
  validateVolume,
} from '@openbroker/domain';
import { AppError, validationError } from '../../errors.ts';
import type { OpenTotal } from '../accounts/openTotals.ts';
import type { LockedRow } from '../accounts/repo.ts';
import type { AccountsWork } from '../accounts/work.ts';
import type { AssetRow } from '../assets/repo.ts';
import type { TradingCore } from './core.ts';
import { insertTrade, type TradeRow } from './repo.ts';

/** An order's volume in lots, checked as the domain rules say (SPEC §9), or the 422 it deserves. */
export function checkedLots(raw: number): number {
  const vol = validateVolume(raw);
  if (!vol.ok) throw new AppError(vol.error.code, vol.error.message, vol.error.errors);
  return vol.value;
}

/**
 * Take-profit and stop-loss checked against the price they are measured from, with the field names
 * of the HTTP API (`take_profit`, `stop_loss`) on a refusal.
 */
export function checkedStops(
  side: Side,
  reference: number,
  takeProfit: number | null | undefined,
  stopLoss: number | null | undefined,
): { takeProfit: number | null; stopLoss: number | null } {
  const stops = validateStops(side, reference, takeProfit, stopLoss);
  if (stops.ok) return stops.value;
  const errors = Object.fromEntries(
    Object.entries(stops.error.errors ?? {}).map(([k, v]) => [
      k === 'takeProfit' ? 'take_profit' : 'stop_loss',
      v,
    ]),
  );
  throw validationError(errors);
}

export interface MarketOpening {
  userId: number;
  instrument: AssetRow;
  side: Side;
  lots: number;
  leverage: number;
  quote: Quote;
  takeProfit: number | null;
  stopLoss: number | null;
  now: Date;
  /** Who placed it (DESIGN §13); the customer's own when omitted. */
  origin?: { origin: OrderOrigin; originName: string | null; advisorRunId: number | null };
}

/**
 * Opens a position at the market in a locked account: the opening price from the quote, the margin
 * it holds, refused when free margin does not cover it. The one path of every market order (the
 * customer's, and an Expert Advisor's or AutoTrader's).
 */
export async function openAtMarket(
  core: Pick<TradingCore, 'marginCentsOf' | 'assertFreeMargin'>,
  work: AccountsWork,
  account: LockedRow,
  o: MarketOpening,
  /** The account's open totals, when the lock brought them (`AccountsWork.lockOfUserWithTotals`). */
  totals?: readonly OpenTotal[],
): Promise<TradeRow> {
  const units = unitsFromLots(o.lots, o.instrument.contractSize);
  const opening = openPrice(o.side, o.quote);
  const marginCents = core.marginCentsOf(
    units,
    opening,
    o.leverage,
    o.instrument.quoteCurrency,
    account.currency,
  );
  await core.assertFreeMargin(work, account, marginCents, totals);
  return insertTrade(work.tx, {
    tradingAccountId: account.id,
    userId: o.userId,
    assetId: o.instrument.id,
    side: o.side,
    orderType: 'market',
    lots: o.lots,
    units,
    contractSize: o.instrument.contractSize,
    leverage: o.leverage,
    takeProfit: o.takeProfit,
    stopLoss: o.stopLoss,
    status: 'open',
    openingPrice: opening,
    marginCents,
    openedAt: o.now,
    ...o.origin,
  });
}

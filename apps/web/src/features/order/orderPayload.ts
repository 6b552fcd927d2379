import { type PendingKind, type PlaceOrder, roundHalfAwayFromZero, type Side } from '@openbroker/domain';
import type { Asset } from '@/api/assets';

/** What `POST /trades/store` is sent (SPEC §7), less the account the mutation adds itself. */
export type OrderPayload = Partial<PlaceOrder> & Pick<PlaceOrder, 'type'>;

export interface OrderDraft {
  side: Side;
  asset: Pick<Asset, 'id' | 'symbol' | 'name'>;
  lots: number;
  units: number;
  leverage: number;
  /** The side's price now: the ask for a buy, the bid for a sell (SPEC §7 opening_price). */
  openingPrice: number;
  /** Required margin in the account currency; null while no conversion rate is known. */
  margin: number | null;
  /** The position's value in the account currency; null while unknown. */
  amount: number | null;
  takeProfit: number | null;
  stopLoss: number | null;
  clientOrderId: string;
  /** A pending order's kind, price and expiry (DESIGN §6); absent for a market order. */
  pending?: { kind: PendingKind; entryPrice: number; expiresAt: string | null };
}

const cents = (x: number | null): number | undefined =>
  x === null || !Number.isFinite(x) ? undefined : roundHalfAwayFromZero(x, 2);

/**
 * SPEC §7's payload: type, leverage, amount, qty, volume (units = lots × contract size), margin,
 * opening_price for the side, take_profit and stop_loss (0 when unset), id (the asset's id),
 * asset_symbol, asset_name, plus our client_order_id (DESIGN §3). The server prices the order from
 * its own quote and reads only type, id, volume, the levels, the id and the pending fields; the
 * rest is the client's view, sent as SPEC asks.
 */
export function buildOrderPayload(draft: OrderDraft): OrderPayload {
  const payload: OrderPayload = {
    type: draft.side,
    leverage: draft.leverage,
    amount: cents(draft.amount),
    qty: draft.lots,
    volume: draft.units,
    margin: cents(draft.margin),
    opening_price: draft.openingPrice,
    take_profit: draft.takeProfit ?? 0,
    stop_loss: draft.stopLoss ?? 0,
    id: draft.asset.id,
    asset_symbol: draft.asset.symbol,
    asset_name: draft.asset.name,
    client_order_id: draft.clientOrderId,
  };
  if (draft.pending) {
    payload.order_type = draft.pending.kind;
    payload.entry_price = draft.pending.entryPrice;
    payload.expires_at = draft.pending.expiresAt;
  }
  return payload;
}

/** A fresh idempotency key for every attempt (SPEC §4 "a new client id after each attempt"). */
export function newClientOrderId(): string {
  return crypto.randomUUID();
}

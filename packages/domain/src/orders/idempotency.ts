import type { PlaceOrder } from '../schemas/trading.ts';

/**
 * What makes two order requests with one `client_order_id` the same order (DESIGN §3 idempotency):
 * the side, instrument, volume, order type, entry price, expiry, TP/SL and account. The prices,
 * margin and leverage SPEC's client also sends are left out on purpose: the server ignores them,
 * and a retry after the quote moved carries a new `opening_price` for the very same order.
 */
export function orderFingerprint(input: PlaceOrder): string {
  return JSON.stringify([
    input.type,
    input.id ?? null,
    input.lots ?? null,
    input.volume ?? null,
    input.order_type ?? 'market',
    input.entry_price ?? null,
    input.expires_at ?? null,
    input.take_profit || null,
    input.stop_loss || null,
    input.account_id ?? null,
  ]);
}

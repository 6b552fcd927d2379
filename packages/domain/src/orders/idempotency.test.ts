import { describe, expect, it } from 'vitest';
import { placeOrderSchema } from '../schemas/trading.ts';
import { orderFingerprint } from './idempotency.ts';

const order = (body: object) => placeOrderSchema.parse({ type: 'buy', id: 7, lots: 0.1, ...body });

describe('orderFingerprint', () => {
  it('ignores the client’s price, margin and leverage: a retry with a fresh quote is the same order', () => {
    expect(orderFingerprint(order({ opening_price: 1.1, margin: 5, leverage: 100 }))).toBe(
      orderFingerprint(order({ opening_price: 1.2, margin: 6, leverage: 50 })),
    );
  });

  it('treats an unset and a zero TP/SL alike (0 means unset, SPEC §7)', () => {
    expect(orderFingerprint(order({ take_profit: 0, stop_loss: 0 }))).toBe(orderFingerprint(order({})));
  });

  it('tells apart orders that differ in what they would do', () => {
    const base = orderFingerprint(order({}));
    for (const change of [
      { type: 'sell' },
      { id: 8 },
      { lots: 0.2 },
      { take_profit: 2 },
      { stop_loss: 1 },
      { order_type: 'buy_limit', entry_price: 1 },
      { account_id: 3 },
    ]) {
      expect(orderFingerprint(order(change))).not.toBe(base);
    }
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quote } from '../pricing/quote.ts';
import { ORDER_MESSAGES } from './messages.ts';
import { PENDING_KINDS, pendingSide, pendingTriggered, validatePendingPrice } from './pending.ts';

// EUR/USD at 1.1 on default spreads: bid 1.09989, ask 1.10011.
const q = { bid: 1.09989, ask: 1.10011 };

describe('pending orders (DESIGN §6)', () => {
  it('opens the side in its name', () => {
    expect(PENDING_KINDS.map(pendingSide)).toEqual(['buy', 'sell', 'buy', 'sell']);
  });

  it.each([
    ['buy_limit', 1.1, false],
    ['buy_limit', 1.10011, true],
    ['buy_limit', 1.2, true],
    ['buy_stop', 1.2, false],
    ['buy_stop', 1.10011, true],
    ['buy_stop', 1.1, true],
    ['sell_limit', 1.1, false],
    ['sell_limit', 1.09989, true],
    ['sell_limit', 1.0, true],
    ['sell_stop', 1.0, false],
    ['sell_stop', 1.09989, true],
    ['sell_stop', 1.1, true],
  ] as const)('%s at %s triggers=%s on bid 1.09989 / ask 1.10011', (kind, price, fired) => {
    expect(pendingTriggered(kind, price, q)).toBe(fired);
  });

  it('watches the ask for buys and the bid for sells', () => {
    // 1.1 sits between bid and ask: a buy limit there waits, a sell limit there waits too.
    expect(pendingTriggered('buy_limit', 1.1, q)).toBe(false);
    expect(pendingTriggered('sell_limit', 1.1, q)).toBe(false);
    expect(pendingTriggered('buy_stop', 1.1, q)).toBe(true);
    expect(pendingTriggered('sell_stop', 1.1, q)).toBe(true);
  });

  it.each([
    ['buy_limit', 1.1, null],
    ['buy_limit', 1.10011, ORDER_MESSAGES.buyLimit],
    ['buy_stop', 1.10012, null],
    ['buy_stop', 1.1, ORDER_MESSAGES.buyStop],
    ['sell_limit', 1.1, null],
    ['sell_limit', 1.09989, ORDER_MESSAGES.sellLimit],
    ['sell_stop', 1.09, null],
    ['sell_stop', 1.1, ORDER_MESSAGES.sellStop],
    ['buy_limit', 0, ORDER_MESSAGES.pricePositive],
    ['sell_stop', -1, ORDER_MESSAGES.pricePositive],
    ['sell_stop', Number.NaN, ORDER_MESSAGES.pricePositive],
  ] as const)('validatePendingPrice(%s, %s) → %s', (kind, price, message) => {
    const r = validatePendingPrice(kind, price, q);
    expect(r.ok ? null : r.error.message).toBe(message);
    if (!r.ok) expect(r.error.errors).toEqual({ price: [message] });
  });

  it('says what is wrong in plain words', () => {
    expect(ORDER_MESSAGES.buyLimit).toBe('Buy limit price must be below the current ask price');
    expect(ORDER_MESSAGES.sellStop).toBe('Sell stop price must be below the current bid price');
  });

  it('accepts exactly the prices that would not fill at once', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PENDING_KINDS),
        fc.double({ min: 0.5, max: 2, noNaN: true }),
        fc.double({ min: 1e-5, max: 0.01, noNaN: true }),
        fc.double({ min: 0.5, max: 2, noNaN: true }),
        (kind, rate, spread, price) => {
          const now = quote(rate, spread, spread);
          expect(validatePendingPrice(kind, price, now).ok).toBe(!pendingTriggered(kind, price, now));
        },
      ),
    );
  });
});

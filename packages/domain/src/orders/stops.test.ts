import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closePrice, quote } from '../pricing/quote.ts';
import { ORDER_MESSAGES } from './messages.ts';
import { SIDES } from './side.ts';
import { slTpTriggered, validateStops } from './stops.ts';

const q = { bid: 1.09989, ask: 1.10011 };

describe('take profit and stop loss (DESIGN §6)', () => {
  it('accepts a buy with TP above and SL below the current price', () => {
    expect(validateStops('buy', q.bid, 1.2, 1.0)).toEqual({
      ok: true,
      value: { takeProfit: 1.2, stopLoss: 1.0 },
    });
  });

  it('accepts a sell with TP below and SL above the current price', () => {
    expect(validateStops('sell', q.ask, 1.0, 1.2)).toEqual({
      ok: true,
      value: { takeProfit: 1.0, stopLoss: 1.2 },
    });
  });

  it('treats 0, null and undefined as not set', () => {
    expect(validateStops('buy', 1.1, 0, undefined)).toEqual({
      ok: true,
      value: { takeProfit: null, stopLoss: null },
    });
    expect(validateStops('sell', 1.1, null, 0)).toEqual({
      ok: true,
      value: { takeProfit: null, stopLoss: null },
    });
  });

  it.each([
    ['buy', 1.0, undefined, 'takeProfit', ORDER_MESSAGES.buyTakeProfit],
    ['buy', 1.1, undefined, 'takeProfit', ORDER_MESSAGES.buyTakeProfit],
    ['buy', undefined, 1.2, 'stopLoss', ORDER_MESSAGES.buyStopLoss],
    ['sell', 1.2, undefined, 'takeProfit', ORDER_MESSAGES.sellTakeProfit],
    ['sell', undefined, 1.0, 'stopLoss', ORDER_MESSAGES.sellStopLoss],
    ['sell', undefined, 1.1, 'stopLoss', ORDER_MESSAGES.sellStopLoss],
    ['buy', -1, undefined, 'takeProfit', 'Take profit must be a non-negative number'],
    ['sell', undefined, Number.NaN, 'stopLoss', 'Stop loss must be a non-negative number'],
  ] as const)('%s with TP %s and SL %s fails on %s: %s', (side, tp, sl, field, message) => {
    const r = validateStops(side, 1.1, tp, sl);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('VALIDATION_FAILED');
      expect(r.error.message).toBe(message);
      expect(r.error.errors).toEqual({ [field]: [message] });
    }
  });

  it('reports both wrong levels at once', () => {
    const r = validateStops('buy', 1.1, 1.0, 1.2);
    expect(r.ok ? null : r.error.errors).toEqual({
      takeProfit: ['Take profit for a buy must be above the current price'],
      stopLoss: ['Stop loss for a buy must be below the current price'],
    });
  });

  it.each([
    // side, bid, ask, SL, TP, fired
    ['buy', 1.0999, 1.1001, 1.0999, 1.2, 'stop_loss'],
    ['buy', 1.1, 1.1002, 1.0999, 1.2, null],
    ['buy', 1.2, 1.2002, 1.0999, 1.2, 'take_profit'],
    ['buy', 1.1998, 1.2, 1.0999, 1.2, null], // ask touched TP, but a buy is valued at the bid
    ['sell', 1.1, 1.2, 1.2, 1.0, 'stop_loss'],
    ['sell', 1.19, 1.1999, 1.2, 1.0, null],
    ['sell', 0.99, 1.0, 1.2, 1.0, 'take_profit'],
    ['sell', 1.0, 1.0002, 1.2, 1.0, null], // bid touched TP, but a sell is valued at the ask
    ['buy', 1.0, 1.0002, 0, 0, null],
    ['buy', 1.0, 1.0002, 1.1, 0.9, 'stop_loss'], // both crossed: the stop-loss wins
  ] as const)('%s on %s/%s with SL %s, TP %s fires %s', (side, bid, ask, sl, tp, fired) => {
    expect(slTpTriggered(side, { bid, ask }, sl, tp)).toBe(fired);
  });

  it('accepts exactly the levels that would not fire on the same quote', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SIDES),
        fc.double({ min: 0.5, max: 2, noNaN: true }),
        fc.double({ min: 0.5, max: 2, noNaN: true }),
        fc.boolean(),
        (side, rate, level, isStopLoss) => {
          const now = quote(rate);
          const valid = isStopLoss
            ? validateStops(side, closePrice(side, now), undefined, level).ok
            : validateStops(side, closePrice(side, now), level, undefined).ok;
          const fired = isStopLoss
            ? slTpTriggered(side, now, level, undefined)
            : slTpTriggered(side, now, undefined, level);
          expect(valid).toBe(fired === null);
        },
      ),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountSummary } from '../margin/accountSummary.ts';
import { riskState } from './riskState.ts';
import { stopOutOrder, stopOutPlan } from './stopOut.ts';

const position = (id: string, marginAcct: number, pnlAcct: number) => ({ id, marginAcct, pnlAcct });

describe('stop-out (DESIGN §6)', () => {
  it('closes the largest loss first, ties in the given order', () => {
    const order = stopOutOrder([
      position('a', 100, 20),
      position('b', 100, -300),
      position('c', 100, -50),
      position('d', 100, -300),
      position('e', 100, 0),
    ]);
    expect(order.map((p) => p.id)).toEqual(['b', 'd', 'c', 'e', 'a']);
  });

  it("does not reorder the caller's array", () => {
    const given = [position('a', 1, 5), position('b', 1, -5)];
    stopOutOrder(given);
    expect(given.map((p) => p.id)).toEqual(['a', 'b']);
  });

  it('closes nothing above stop-out', () => {
    const account = { balance: 1_000, credit: 0, positions: [position('a', 1_000, -400)] };
    expect(accountSummary(account).marginLevel).toBe(60);
    expect(stopOutPlan(account)).toEqual([]);
  });

  it('closes the worst positions until the level recovers', () => {
    // Equity 1,000 + 200 − 700 − 100 = 400 on margin 1,000: 40%, at stop-out.
    const account = {
      balance: 1_000,
      credit: 0,
      positions: [position('win', 300, 200), position('worst', 300, -700), position('bad', 400, -100)],
    };
    expect(accountSummary(account).marginLevel).toBe(40);
    // Closing "worst" frees 300: 400 / 700 = 57.14%, above 50%: done.
    expect(stopOutPlan(account).map((p) => p.id)).toEqual(['worst']);
    // With stop-out at 60% it must go on to "bad": 400 / 300 = 133%.
    expect(stopOutPlan(account, { marginCall: 100, stopOut: 60 }).map((p) => p.id)).toEqual(['worst', 'bad']);
  });

  it('closes everything when equity is gone', () => {
    const account = { balance: 100, credit: 0, positions: [position('a', 50, -200), position('b', 50, 10)] };
    expect(stopOutPlan(account).map((p) => p.id)).toEqual(['a', 'b']);
  });

  it('always leaves the account out of stop-out, closing in largest-loss order', () => {
    const pos = fc.record({
      id: fc.uuid(),
      marginAcct: fc.double({ min: 1, max: 10_000, noNaN: true }),
      pnlAcct: fc.double({ min: -10_000, max: 10_000, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 20_000, noNaN: true }),
        fc.array(pos, { maxLength: 12 }),
        (balance, positions) => {
          const account = { balance, credit: 0, positions };
          const closing = stopOutPlan(account);
          expect(closing).toEqual(stopOutOrder(positions).slice(0, closing.length));
          const left = positions.filter((p) => !closing.includes(p));
          // Closing realises P/L into the balance, so equity carries over unchanged.
          const after = accountSummary({
            balance: balance + closing.reduce((s, p) => s + p.pnlAcct, 0),
            credit: 0,
            positions: left,
          });
          expect(riskState(after.marginLevel)).not.toBe('stop_out');
        },
      ),
    );
  });
});

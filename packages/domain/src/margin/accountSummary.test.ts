import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountSummary,
  equityOf,
  formatMarginLevel,
  marginLevel,
  summarizeTotals,
} from './accountSummary.ts';

describe('account summary (SPEC §3, §9; DESIGN §6)', () => {
  it('adds balance, credit and floating P/L into equity, and derives the rest', () => {
    const s = accountSummary({
      balance: 10_000,
      credit: 500,
      positions: [
        { marginAcct: 1_100, pnlAcct: 250 },
        { marginAcct: 400, pnlAcct: -600 },
      ],
    });
    expect(s).toEqual({
      balance: 10_000,
      credit: 500,
      equity: 10_150,
      margin: 1_500,
      freeMargin: 8_650,
      marginLevel: 676.67,
      pnl: -350,
    });
  });

  it('equals SPEC\'s "balance + total pnl" when there is no credit', () => {
    const s = accountSummary({ balance: 1_000, credit: 0, positions: [{ marginAcct: 300, pnlAcct: -41.5 }] });
    expect(s.equity).toBe(958.5);
    expect(s.freeMargin).toBe(658.5);
    expect(s.marginLevel).toBe(319.5);
  });

  it('has an infinite margin level with no positions', () => {
    const s = accountSummary({ balance: 250, credit: 0, positions: [] });
    expect(s).toMatchObject({ equity: 250, margin: 0, freeMargin: 250, pnl: 0 });
    expect(s.marginLevel).toBe(Number.POSITIVE_INFINITY);
  });

  it.each([
    [1_000, 3, 33_333.33],
    [2, 3, 66.67],
    [-500, 1_000, -50],
    [1_000.05, 1_000, 100.01],
    [0, 1_000, 0],
  ])('margin level of equity %s over margin %s is %s%%', (equity, used, level) => {
    expect(marginLevel(equity, used)).toBe(level);
  });

  it('is ∞ exactly when margin is 0', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.oneof(fc.constant(0), fc.double({ min: Number.MIN_VALUE, max: 1e9, noNaN: true })),
        (equity, used) => {
          expect(marginLevel(equity, used) === Number.POSITIVE_INFINITY).toBe(used === 0);
        },
      ),
    );
  });

  it('formats the level with 2 decimals, or ∞', () => {
    expect(formatMarginLevel(Number.POSITIVE_INFINITY)).toBe('∞');
    expect(formatMarginLevel(676.67)).toBe('676.67%');
    expect(formatMarginLevel(50)).toBe('50.00%');
    expect(formatMarginLevel(-12.5)).toBe('-12.50%');
    expect(formatMarginLevel(Number.NaN)).toBe('—');
  });
});

describe('summary from totals (the risk engine keeps them incrementally)', () => {
  it('agrees with the summary of the positions the totals came from', () => {
    const position = fc.record({
      marginAcct: fc.double({ min: 0, max: 1e7, noNaN: true }),
      pnlAcct: fc.double({ min: -1e7, max: 1e7, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.array(position, { maxLength: 20 }),
        (balance, credit, positions) => {
          const margin = positions.reduce((sum, p) => sum + p.marginAcct, 0);
          const pnl = positions.reduce((sum, p) => sum + p.pnlAcct, 0);
          expect(summarizeTotals({ balance, credit, margin, pnl })).toEqual(
            accountSummary({ balance, credit, positions }),
          );
        },
      ),
    );
  });

  it('counts credit in equity', () => {
    expect(equityOf(1_000, 200, -150)).toBe(1_050);
    expect(summarizeTotals({ balance: 1_000, credit: 200, margin: 500, pnl: -150 })).toMatchObject({
      equity: 1_050,
      freeMargin: 550,
      marginLevel: 210,
    });
  });
});

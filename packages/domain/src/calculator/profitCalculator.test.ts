import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PENDING_PRICE_STEP,
  PIP_SIZE,
  pipValue,
  profitCalculator,
  returnOnEquity,
  SUGGESTED_STOP_FRACTION,
  suggestedStops,
  TP_SL_STEP,
} from './profitCalculator.ts';

describe('profit calculator (SPEC §9)', () => {
  it('has SPEC constants', () => {
    expect([PIP_SIZE, SUGGESTED_STOP_FRACTION, TP_SL_STEP, PENDING_PRICE_STEP]).toEqual([
      0.0001, 0.001, 0.01, 0.00001,
    ]);
  });

  it('works a buy of 100,000 at 1.1 with leverage 100, TP 1.11 and SL 1.095', () => {
    const r = profitCalculator({
      side: 'buy',
      volume: 100_000,
      entryPrice: 1.1,
      leverage: 100,
      takeProfit: 1.11,
      stopLoss: 1.095,
    });
    expect(r.margin).toBeCloseTo(1_100, 8);
    expect(r.pipValue).toBeCloseTo(10, 12);
    expect(r.atTakeProfit?.profit).toBeCloseTo(1_000, 6);
    expect(r.atTakeProfit?.roe).toBeCloseTo(90.909090909, 6); // 0.01 / 1.1 × 100 × 100
    expect(r.atStopLoss?.profit).toBeCloseTo(-500, 6);
    expect(r.atStopLoss?.roe).toBeCloseTo(-45.454545454, 6);
  });

  it('signs a sell the other way', () => {
    const r = profitCalculator({
      side: 'sell',
      volume: 10_000,
      entryPrice: 150,
      leverage: 20,
      takeProfit: 148.5,
    });
    expect(r.margin).toBeCloseTo(75_000, 6);
    expect(r.atTakeProfit?.profit).toBeCloseTo(15_000, 6);
    expect(r.atTakeProfit?.roe).toBeCloseTo(20, 8); // 1.5 / 150 × 20 × 100
    expect(r.atStopLoss).toBeNull();
  });

  it('leaves unset levels without an outcome', () => {
    const r = profitCalculator({
      side: 'buy',
      volume: 1,
      entryPrice: 1,
      leverage: 1,
      takeProfit: 0,
      stopLoss: null,
    });
    expect(r.atTakeProfit).toBeNull();
    expect(r.atStopLoss).toBeNull();
  });

  it('gives a pip value of volume × 0.0001', () => {
    expect(pipValue(100_000)).toBe(10);
    expect(pipValue(1_000)).toBe(0.1);
  });

  it.each([
    ['buy', 1.1, 1.1011, 1.0989],
    ['sell', 1.1, 1.0989, 1.1011],
    ['buy', 60_000, 60_060, 59_940],
    ['sell', 150, 149.85, 150.15],
  ] as const)('suggests for a %s at %s TP %s and SL %s', (side, entry, tp, sl) => {
    expect(suggestedStops(side, entry)).toEqual({ takeProfit: tp, stopLoss: sl });
  });

  it('has ROE = profit ÷ margin × 100', () => {
    const price = fc.double({ min: 0.01, max: 1e5, noNaN: true });
    fc.assert(
      fc.property(
        fc.constantFrom('buy' as const, 'sell' as const),
        fc.integer({ min: 1, max: 5_000_000 }),
        price,
        price,
        fc.integer({ min: 1, max: 1000 }),
        (side, volume, entryPrice, exit, leverage) => {
          const r = profitCalculator({ side, volume, entryPrice, leverage, takeProfit: exit });
          const outcome = r.atTakeProfit;
          expect(outcome).not.toBeNull();
          if (!outcome) return;
          const viaMargin = (outcome.profit / r.margin) * 100;
          expect(Math.abs(outcome.roe - viaMargin)).toBeLessThanOrEqual(Math.abs(viaMargin) * 1e-9 + 1e-9);
          expect(returnOnEquity(side, entryPrice, exit, leverage)).toBe(outcome.roe);
        },
      ),
    );
  });
});

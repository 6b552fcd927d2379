import { margin } from '../margin/margin.ts';
import { type Side, sideSign } from '../orders/side.ts';
import { pnl } from '../pnl/pnl.ts';

/**
 * The Profit Calculator dialog (SPEC §2, §9). Its volume is in units of the base currency, which is
 * what makes SPEC's pip value "volume × 0.0001" come out as 10 for 100,000 units of a 4-digit pair.
 * Results are in the instrument's quote currency, like the formulas they reuse.
 */

/** Price movement the calculator calls a pip (SPEC §9 "pip = volume × 0.0001"). */
export const PIP_SIZE = 0.0001;
/** Distance of the suggested TP and SL from the entry (SPEC §9 "+/-0.1% of entry"). */
export const SUGGESTED_STOP_FRACTION = 0.001;
/** Input steps (SPEC §9): TP/SL boxes move by 0.01, the pending price box by 0.00001. */
export const TP_SL_STEP = 0.01;
export const PENDING_PRICE_STEP = 0.00001;

/** Strips binary noise (1.1 × 1.001 = 1.1010999999999997) that would show up in an input box. */
const clean = (x: number): number => Number(x.toPrecision(12));

/** Value of one pip for a volume in units (SPEC §9). */
export function pipValue(volume: number): number {
  return volume * PIP_SIZE;
}

/**
 * Return on equity in percent (SPEC §9): (difference ÷ entry) × leverage × 100, the difference
 * signed by side (exit − entry for a buy, entry − exit for a sell). Equals profit ÷ margin × 100.
 */
export function returnOnEquity(side: Side, entryPrice: number, exitPrice: number, leverage: number): number {
  return ((sideSign(side) * (exitPrice - entryPrice)) / entryPrice) * leverage * 100;
}

/** Suggested levels 0.1% from entry (SPEC §9): a buy's TP above and SL below, a sell's reversed. */
export function suggestedStops(side: Side, entryPrice: number): { takeProfit: number; stopLoss: number } {
  const away = sideSign(side) * SUGGESTED_STOP_FRACTION;
  return { takeProfit: clean(entryPrice * (1 + away)), stopLoss: clean(entryPrice * (1 - away)) };
}

export interface ProfitCalculatorInput {
  side: Side;
  /** Units of the base currency. */
  volume: number;
  entryPrice: number;
  leverage: number;
  /** 0 or missing: not set, and its outcome is null. */
  takeProfit?: number | null;
  stopLoss?: number | null;
}

/** What the position would make closing at one price. */
export interface PriceOutcome {
  profit: number;
  /** Percent of margin. */
  roe: number;
}

export interface ProfitCalculation {
  margin: number;
  pipValue: number;
  atTakeProfit: PriceOutcome | null;
  atStopLoss: PriceOutcome | null;
}

/** Profit (signed by side, SPEC §9 "price difference × volume") and ROE of closing at `exitPrice`. */
export function outcomeAt(
  side: Side,
  volume: number,
  entryPrice: number,
  exitPrice: number,
  leverage: number,
): PriceOutcome {
  return {
    profit: pnl(side, entryPrice, exitPrice, volume),
    roe: returnOnEquity(side, entryPrice, exitPrice, leverage),
  };
}

/**
 * The calculator's results (SPEC §9): margin = volume × entry ÷ leverage, pip value, and profit and
 * ROE at the take-profit and at the stop-loss (a loss shows as a negative profit). Validate the
 * form with `profitCalculatorSchema` first; leverage comes from `resolveLeverage`.
 */
export function profitCalculator(input: ProfitCalculatorInput): ProfitCalculation {
  const { side, volume, entryPrice, leverage, takeProfit, stopLoss } = input;
  const at = (price: number | null | undefined) =>
    price ? outcomeAt(side, volume, entryPrice, price, leverage) : null;
  return {
    margin: margin(volume, entryPrice, leverage),
    pipValue: pipValue(volume),
    atTakeProfit: at(takeProfit),
    atStopLoss: at(stopLoss),
  };
}

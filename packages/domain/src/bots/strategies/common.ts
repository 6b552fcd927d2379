import { z } from 'zod';
import type { Side } from '../../orders/side.ts';
import { closePrice } from '../../pricing/quote.ts';
import type { EngineTick, Intent, RunPosition } from '../contract.ts';

/**
 * Parameter pieces and small rules every strategy shares, so "lots", "timeframe" and stop/take
 * distances mean the same thing in each and the staff form shows them the same way.
 */

/** Bar length in seconds: 1 s (demo replay feeds) to a day. */
export const timeframeSecParam = z.number().int().min(1).max(86_400).describe('Bar length (seconds)');
/** Size of each order in lots. */
export const lotsParam = z.number().min(0.01).max(100).describe('Order size (lots)');
export const EXIT_UNITS = ['price', 'percent'] as const;
export type ExitUnit = (typeof EXIT_UNITS)[number];
export const exitUnitParam = z.enum(EXIT_UNITS).describe('Stop and take measured as');
export const stopLossParam = z.number().min(0).max(1_000_000).describe('Stop-loss distance (0 = none)');
export const takeProfitParam = z.number().min(0).max(1_000_000).describe('Take-profit distance (0 = none)');

export interface ExitParams {
  exitUnit: ExitUnit;
  stopLoss: number;
  takeProfit: number;
}

/** A percent distance must stay below 100 % of the price, or a buy's stop would sit below zero. */
export function percentBelowHundred(p: ExitParams): boolean {
  return p.exitUnit !== 'percent' || (p.stopLoss < 100 && p.takeProfit < 100);
}
export const PERCENT_MESSAGE = 'A distance in percent must be below 100';

/** A distance as a price amount: as given, or that percentage of `price`. */
export function distance(unit: ExitUnit, value: number, price: number): number {
  return unit === 'percent' ? (price * value) / 100 : value;
}

/**
 * Stop-loss and take-profit levels of a new position. Distances are measured from the price the
 * position is valued at (a buy's bid, a sell's ask), not from its entry, so a level can never sit
 * inside the spread and be refused by the trading service or fire on the opening quote.
 */
export function exitLevels(
  side: Side,
  tick: EngineTick,
  p: ExitParams,
): { stopLoss: number | null; takeProfit: number | null } {
  const ref = closePrice(side, tick);
  const sign = side === 'buy' ? 1 : -1;
  const sl = p.stopLoss > 0 ? ref - sign * distance(p.exitUnit, p.stopLoss, ref) : null;
  const tp = p.takeProfit > 0 ? ref + sign * distance(p.exitUnit, p.takeProfit, ref) : null;
  return { stopLoss: sl !== null && sl > 0 ? sl : null, takeProfit: tp !== null && tp > 0 ? tp : null };
}

/** Seconds to milliseconds, for `timeframeMs`. */
export function secondsToMs(p: { timeframeSec: number }): number {
  return p.timeframeSec * 1000;
}

/** A price for a log line: enough decimals for forex, fewer for an index or a coin. */
export function fmtPrice(value: number): string {
  const abs = Math.abs(value);
  const places = abs >= 1000 ? 2 : abs >= 10 ? 3 : 5;
  return value.toFixed(places);
}

/** Close intents for every position on `side`. */
export function closeAll(positions: readonly RunPosition[], side: Side | null, reason: string): Intent[] {
  return positions
    .filter((p) => side === null || p.side === side)
    .map((p) => ({ type: 'close' as const, positionId: p.id, reason }));
}

/** An open intent with the strategy's stop and take applied. */
export function openWithExits(
  side: Side,
  lots: number,
  tick: EngineTick,
  p: ExitParams,
  reason: string,
): Intent {
  return { type: 'open', side, lots, ...exitLevels(side, tick, p), reason };
}

import { z } from 'zod';
import type { Intent, Strategy } from '../contract.ts';
import { closesOf, MA_TYPES, movingAverage } from '../indicators.ts';
import {
  closeAll,
  exitUnitParam,
  fmtPrice,
  lotsParam,
  openWithExits,
  PERCENT_MESSAGE,
  percentBelowHundred,
  secondsToMs,
  stopLossParam,
  takeProfitParam,
  timeframeSecParam,
} from './common.ts';

export const maCrossoverParams = z
  .object({
    timeframeSec: timeframeSecParam,
    fast: z.number().int().min(2).max(200).describe('Fast average (bars)'),
    slow: z.number().int().min(3).max(500).describe('Slow average (bars)'),
    maType: z.enum(MA_TYPES).describe('Average type'),
    lots: lotsParam,
    exitUnit: exitUnitParam,
    stopLoss: stopLossParam,
    takeProfit: takeProfitParam,
  })
  .refine((p) => p.fast < p.slow, {
    message: 'The fast average must be shorter than the slow one',
    path: ['fast'],
  })
  .refine(percentBelowHundred, { message: PERCENT_MESSAGE, path: ['stopLoss'] });
export type MaCrossoverParams = z.infer<typeof maCrossoverParams>;

/**
 * Bars an exponential average is given: four times its length, so the seed (a plain mean) weighs
 * less than 0.1 % of the value; a simple one needs its length plus one bar for the previous value.
 */
function lookback(p: MaCrossoverParams): number {
  return p.maType === 'ema' ? p.slow * 4 + 1 : p.slow + 1;
}

/**
 * Moving-average crossover: always on the side of the fast average. A golden cross (fast crosses
 * above slow on a closed bar) closes any short and goes long; a death cross closes any long and
 * goes short. Optional stop and take close a position early; then it waits for the next cross.
 */
export const maCrossover: Strategy<MaCrossoverParams> = {
  key: 'ma_crossover',
  name: 'Moving Average Crossover',
  description:
    'Compares a fast and a slow moving average of closing prices on each finished bar. When the fast average crosses above the slow one (a golden cross) it closes any short position and buys; when it crosses below (a death cross) it closes any long position and sells. An optional stop-loss and take-profit, as a price distance or a percentage of the price, can close a position before the next cross.',
  risks:
    'Crossovers lag the price: in a sideways market the averages cross back and forth and each cross is a small loss plus the spread (whipsaws). Without a stop-loss a position is held until the opposite cross, however far the price moves against it in between. Past crosses do not predict future ones.',
  params: maCrossoverParams,
  defaults: {
    timeframeSec: 60,
    fast: 10,
    slow: 30,
    maType: 'sma',
    lots: 0.1,
    exitUnit: 'percent',
    stopLoss: 0,
    takeProfit: 0,
  },
  timeframeMs: secondsToMs,
  lookback,
  onBar({ params: p, bars, tick, positions }) {
    const closes = closesOf(bars);
    const previous = closes.slice(0, -1);
    const fastNow = movingAverage(p.maType, closes, p.fast);
    const slowNow = movingAverage(p.maType, closes, p.slow);
    const fastPrev = movingAverage(p.maType, previous, p.fast);
    const slowPrev = movingAverage(p.maType, previous, p.slow);
    if (fastNow === null || slowNow === null || fastPrev === null || slowPrev === null) return [];
    const label = p.maType.toUpperCase();
    const golden = fastPrev <= slowPrev && fastNow > slowNow;
    const death = fastPrev >= slowPrev && fastNow < slowNow;
    if (!golden && !death) return [];
    const side = golden ? 'buy' : 'sell';
    const what = `${golden ? 'Golden' : 'Death'} cross: ${label}${p.fast} ${fmtPrice(fastNow)} crossed ${golden ? 'above' : 'below'} ${label}${p.slow} ${fmtPrice(slowNow)}`;
    const intents: Intent[] = closeAll(positions, golden ? 'sell' : 'buy', what);
    if (!positions.some((pos) => pos.side === side)) intents.push(openWithExits(side, p.lots, tick, p, what));
    return intents;
  },
};

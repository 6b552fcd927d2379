import { z } from 'zod';
import type { Intent, Strategy } from '../contract.ts';
import { highest, lowest } from '../indicators.ts';
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

export const donchianBreakoutParams = z
  .object({
    timeframeSec: timeframeSecParam,
    entryPeriod: z.number().int().min(2).max(300).describe('Entry channel (bars)'),
    exitPeriod: z.number().int().min(2).max(300).describe('Exit channel (bars)'),
    lots: lotsParam,
    exitUnit: exitUnitParam,
    stopLoss: stopLossParam,
    takeProfit: takeProfitParam,
  })
  .refine(percentBelowHundred, { message: PERCENT_MESSAGE, path: ['stopLoss'] });
export type DonchianBreakoutParams = z.infer<typeof donchianBreakoutParams>;

/**
 * Donchian channel breakout (the "turtle" rule): a close above the highest high of the previous N
 * bars buys, a close below the lowest low sells; a long is closed on a close below the lowest low
 * of the previous M bars, a short on a close above the highest high. The channels exclude the bar
 * just closed, so the bar that breaks out is compared with the range before it.
 */
export const donchianBreakout: Strategy<DonchianBreakoutParams> = {
  key: 'donchian_breakout',
  name: 'Donchian Channel Breakout',
  description:
    'Follows breakouts. On each finished bar it compares the close with the highest high and the lowest low of the previous N bars (default 20): a close above the channel buys, a close below it sells. A long position is closed when a bar closes below the lowest low of the previous M bars (default 10), a short one when a bar closes above the highest high; an opposite breakout closes and reverses. Optional stop-loss and take-profit.',
  risks:
    'Most breakouts fail: the price pokes out of the range and falls back, and each false breakout is a loss. The exit channel gives back part of every winning move before it closes, and a gap can carry the price far beyond the exit level. Profits depend on rare long trends.',
  params: donchianBreakoutParams,
  defaults: {
    timeframeSec: 60,
    entryPeriod: 20,
    exitPeriod: 10,
    lots: 0.1,
    exitUnit: 'percent',
    stopLoss: 0,
    takeProfit: 0,
  },
  timeframeMs: secondsToMs,
  lookback: (p) => Math.max(p.entryPeriod, p.exitPeriod) + 1,
  onBar({ params: p, bars, tick, positions }) {
    const last = bars[bars.length - 1];
    if (last === undefined) return [];
    const before = bars.slice(0, -1);
    const highs = before.map((b) => b.high);
    const lows = before.map((b) => b.low);
    const entryHigh = highest(highs, p.entryPeriod);
    const entryLow = lowest(lows, p.entryPeriod);
    const exitHigh = highest(highs, p.exitPeriod);
    const exitLow = lowest(lows, p.exitPeriod);
    if (entryHigh === null || entryLow === null || exitHigh === null || exitLow === null) return [];
    const close = last.close;
    const up = close > entryHigh;
    const down = close < entryLow;
    const intents: Intent[] = [];
    const held = new Set(positions.map((pos) => pos.side));
    if (held.has('buy') && (close < exitLow || down)) {
      intents.push(
        ...closeAll(
          positions,
          'buy',
          `Close ${fmtPrice(close)} fell below the ${p.exitPeriod}-bar low ${fmtPrice(exitLow)}`,
        ),
      );
      held.delete('buy');
    }
    if (held.has('sell') && (close > exitHigh || up)) {
      intents.push(
        ...closeAll(
          positions,
          'sell',
          `Close ${fmtPrice(close)} rose above the ${p.exitPeriod}-bar high ${fmtPrice(exitHigh)}`,
        ),
      );
      held.delete('sell');
    }
    if (held.size > 0) return intents;
    if (up) {
      intents.push(
        openWithExits(
          'buy',
          p.lots,
          tick,
          p,
          `Breakout: close ${fmtPrice(close)} above the ${p.entryPeriod}-bar high ${fmtPrice(entryHigh)}`,
        ),
      );
    } else if (down) {
      intents.push(
        openWithExits(
          'sell',
          p.lots,
          tick,
          p,
          `Breakdown: close ${fmtPrice(close)} below the ${p.entryPeriod}-bar low ${fmtPrice(entryLow)}`,
        ),
      );
    }
    return intents;
  },
};

import { z } from 'zod';
import { rsi } from '../../indicators/indicators.ts';
import type { Intent, Strategy } from '../contract.ts';
import { closesOf } from '../indicators.ts';
import {
  closeAll,
  exitUnitParam,
  lotsParam,
  openWithExits,
  PERCENT_MESSAGE,
  percentBelowHundred,
  secondsToMs,
  stopLossParam,
  takeProfitParam,
  timeframeSecParam,
} from './common.ts';

export const RSI_EXITS = ['middle', 'opposite'] as const;

export const rsiReversionParams = z
  .object({
    timeframeSec: timeframeSecParam,
    period: z.number().int().min(2).max(100).describe('RSI period (bars)'),
    oversold: z.number().min(1).max(49).describe('Oversold band'),
    overbought: z.number().min(51).max(99).describe('Overbought band'),
    exitAt: z.enum(RSI_EXITS).describe('Exit at the middle (50) or the opposite band'),
    lots: lotsParam,
    exitUnit: exitUnitParam,
    stopLoss: stopLossParam,
    takeProfit: takeProfitParam,
  })
  .refine(percentBelowHundred, { message: PERCENT_MESSAGE, path: ['stopLoss'] });
export type RsiReversionParams = z.infer<typeof rsiReversionParams>;

const fmt = (v: number) => v.toFixed(1);

/**
 * RSI mean reversion: one position at a time. Buys when the RSI crosses back up through the
 * oversold band, sells when it crosses back down through the overbought band, and closes when the
 * RSI reaches the exit (50, or the opposite band). An opposite signal closes and reverses.
 */
export const rsiReversion: Strategy<RsiReversionParams> = {
  key: 'rsi_reversion',
  name: 'RSI Mean Reversion',
  description:
    "Computes Wilder's Relative Strength Index of closing prices on each finished bar. It buys when the RSI climbs back above the oversold band (default 30) and sells when it falls back below the overbought band (default 70), betting that a stretched price returns towards its average. It closes the position when the RSI reaches 50 (or, if chosen, the opposite band), on an opposite signal, or at the optional stop-loss or take-profit.",
  risks:
    'In a strong trend the RSI can stay oversold or overbought for a long time and the price keeps moving against the position; without a stop-loss the loss is only limited by the exit signal. Many small wins can be wiped out by one large loss. Short periods give more signals and more false ones.',
  params: rsiReversionParams,
  defaults: {
    timeframeSec: 60,
    period: 14,
    oversold: 30,
    overbought: 70,
    exitAt: 'middle',
    lots: 0.1,
    exitUnit: 'percent',
    stopLoss: 0,
    takeProfit: 0,
  },
  timeframeMs: secondsToMs,
  // Wilder's smoothing depends on where the window starts; five periods make the seed negligible.
  lookback: (p) => p.period * 5 + 1,
  onBar({ params: p, bars, tick, positions }) {
    const closes = closesOf(bars);
    const now = rsi(closes, p.period);
    const prev = rsi(closes.slice(0, -1), p.period);
    if (now === null || prev === null) return [];
    const intents: Intent[] = [];
    const longExit = p.exitAt === 'middle' ? 50 : p.overbought;
    const shortExit = p.exitAt === 'middle' ? 50 : p.oversold;
    // A jump straight past the exit is no entry: the reversion it bets on has already happened.
    const buySignal = prev < p.oversold && now >= p.oversold && now < longExit;
    const sellSignal = prev > p.overbought && now <= p.overbought && now > shortExit;
    const held = new Set(positions.map((pos) => pos.side));
    if (held.has('buy') && (now >= longExit || sellSignal)) {
      intents.push(
        ...closeAll(
          positions,
          'buy',
          `RSI ${fmt(now)} reached the exit at ${fmt(sellSignal ? p.overbought : longExit)}`,
        ),
      );
      held.delete('buy');
    }
    if (held.has('sell') && (now <= shortExit || buySignal)) {
      intents.push(
        ...closeAll(
          positions,
          'sell',
          `RSI ${fmt(now)} reached the exit at ${fmt(buySignal ? p.oversold : shortExit)}`,
        ),
      );
      held.delete('sell');
    }
    if (held.size > 0) return intents;
    if (buySignal) {
      intents.push(
        openWithExits(
          'buy',
          p.lots,
          tick,
          p,
          `RSI ${fmt(now)} crossed up from oversold (${fmt(p.oversold)})`,
        ),
      );
    } else if (sellSignal) {
      intents.push(
        openWithExits(
          'sell',
          p.lots,
          tick,
          p,
          `RSI ${fmt(now)} crossed down from overbought (${fmt(p.overbought)})`,
        ),
      );
    }
    return intents;
  },
};

import { z } from 'zod';
import type { Side } from '../../orders/side.ts';
import type { Intent, RunPosition, Strategy } from '../contract.ts';
import {
  closeAll,
  distance,
  EXIT_UNITS,
  fmtPrice,
  lotsParam,
  secondsToMs,
  timeframeSecParam,
} from './common.ts';

export const gridParams = z
  .object({
    timeframeSec: timeframeSecParam,
    stepUnit: z.enum(EXIT_UNITS).describe('Step and hard stop measured as'),
    step: z.number().positive().max(1_000_000).describe('Distance between levels'),
    maxLevels: z.number().int().min(1).max(50).describe('Levels on each side of the anchor'),
    lots: lotsParam,
    maxTotalLots: z.number().min(0.01).max(100).describe('Most lots open at once'),
    hardStop: z.number().positive().max(1_000_000).describe('Hard stop distance from the anchor'),
    haltAfterHardStop: z.boolean().describe('Stop trading after a hard stop'),
  })
  .refine((p) => p.hardStop > p.step * p.maxLevels, {
    message: 'The hard stop must lie beyond the last level (more than step × levels)',
    path: ['hardStop'],
  })
  .refine((p) => p.stepUnit !== 'percent' || p.hardStop < 100, {
    message: 'A distance in percent must be below 100',
    path: ['hardStop'],
  })
  .refine((p) => p.lots <= p.maxTotalLots, {
    message: 'The order size cannot exceed the most lots open at once',
    path: ['lots'],
  });
export type GridParams = z.infer<typeof gridParams>;

/** What the grid keeps between ticks (JSON). */
interface GridState {
  anchor: number | null;
  lastMid: number | null;
  halted: boolean;
}

function readState(state: Record<string, unknown>): GridState {
  return {
    anchor: typeof state.anchor === 'number' && Number.isFinite(state.anchor) ? state.anchor : null,
    lastMid: typeof state.lastMid === 'number' && Number.isFinite(state.lastMid) ? state.lastMid : null,
    halted: state.halted === true,
  };
}

function writeState(state: Record<string, unknown>, next: GridState): void {
  state.anchor = next.anchor;
  state.lastMid = next.lastMid;
  state.halted = next.halted;
}

/** The level (1 = nearest the anchor) a grid position was opened at. */
function levelOf(pos: RunPosition, anchor: number, step: number): number {
  return Math.round(Math.abs(anchor - pos.openPrice) / step);
}

/**
 * A grid with hard limits. The anchor is the mid price when the grid starts (kept in `state`).
 * Every `step` below the anchor is a buy level, every `step` above a sell level, up to `maxLevels`
 * each side. When the price crosses a free level it opens `lots` there, with a take-profit one
 * step back towards the anchor and a stop-loss at the hard stop. Never more than `maxTotalLots`
 * open. When the price reaches the hard stop (measured from the anchor) every position is closed;
 * then the grid halts, or (if chosen) re-anchors. When flat and beyond the outer levels it
 * re-anchors at the price.
 */
export const grid: Strategy<GridParams> = {
  key: 'grid',
  name: 'Grid Trader',
  description:
    'Places a ladder of levels around a starting price (the anchor): buy levels every step below it and sell levels every step above it. When the price crosses a free level it opens a position there with a take-profit one step back towards the anchor, so it earns a step each time the price swings back. The number of levels, the total lots open and a hard stop distance from the anchor are fixed limits: at the hard stop every position is closed at once.',
  risks:
    'A grid profits from a market that swings back and forth and loses in a trend: as the price moves away it adds positions against the move, and the losses of all of them add up until the hard stop closes everything at once, which can cost many times what the small take-profits earned. Gaps can pass several levels or the hard stop at once.',
  params: gridParams,
  defaults: {
    timeframeSec: 60,
    stepUnit: 'percent',
    step: 0.1,
    maxLevels: 5,
    lots: 0.01,
    maxTotalLots: 0.05,
    hardStop: 0.8,
    haltAfterHardStop: true,
  },
  timeframeMs: secondsToMs,
  lookback: () => 1,
  onBar: () => [],
  onTick({ params: p, tick, positions, state }) {
    const s = readState(state);
    const mid = tick.mid;
    const prev = s.lastMid;
    s.lastMid = mid;
    if (s.halted) {
      writeState(state, s);
      return [];
    }
    if (s.anchor === null) {
      writeState(state, { ...s, anchor: mid });
      return [];
    }
    const anchor = s.anchor;
    const step = distance(p.stepUnit, p.step, anchor);
    const hard = distance(p.stepUnit, p.hardStop, anchor);
    const hasBuy = positions.some((pos) => pos.side === 'buy');
    const hasSell = positions.some((pos) => pos.side === 'sell');
    if ((hasBuy && mid <= anchor - hard) || (hasSell && mid >= anchor + hard)) {
      writeState(state, { anchor: null, lastMid: mid, halted: p.haltAfterHardStop });
      return closeAll(
        positions,
        null,
        `Hard stop: price ${fmtPrice(mid)} is ${fmtPrice(Math.abs(mid - anchor))} from the anchor ${fmtPrice(anchor)}`,
      );
    }
    if (positions.length === 0 && Math.abs(mid - anchor) > step * p.maxLevels) {
      // Flat and outside the ladder: centre a new grid on the price rather than wait for a return.
      writeState(state, { ...s, anchor: mid });
      return [];
    }
    writeState(state, s);
    if (prev === null) return [];
    const intents: Intent[] = [];
    let openLots = positions.reduce((sum, pos) => sum + pos.lots, 0);
    for (const side of ['buy', 'sell'] as const satisfies readonly Side[]) {
      const sign = side === 'buy' ? -1 : 1;
      // Never open beyond the hard stop: the position's stop-loss would already be crossed.
      if (side === 'buy' ? mid <= anchor - hard : mid >= anchor + hard) continue;
      const taken = new Set(
        positions.filter((pos) => pos.side === side).map((pos) => levelOf(pos, anchor, step)),
      );
      for (let k = 1; k <= p.maxLevels; k++) {
        const level = anchor + sign * k * step;
        const crossed = side === 'buy' ? prev > level && mid <= level : prev < level && mid >= level;
        if (!crossed || taken.has(k)) continue;
        if (openLots + p.lots > p.maxTotalLots + 1e-9) break;
        openLots += p.lots;
        intents.push({
          type: 'open',
          side,
          lots: p.lots,
          takeProfit: level - sign * step,
          stopLoss: anchor + sign * hard,
          reason: `Grid ${side} level ${k} at ${fmtPrice(level)} (anchor ${fmtPrice(anchor)})`,
        });
      }
    }
    return intents;
  },
};

import { instrumentSchedule, isMarketOpen, type TradingSchedule } from '@openbroker/domain';
import type { Clock } from '../lib/clock.ts';
import { CLASS_PROFILES, roundPrice, sigmaOver } from './classProfiles.ts';
import { type FeedInstrument, type FeedSource, steppedSource, type Tick } from './FeedSource.ts';
import { mixSeed, normal, seededRandom } from './random.ts';

interface WalkState {
  inst: FeedInstrument;
  schedule: TradingSchedule;
  rand: () => number;
  price: number;
  lastTickAt: number;
  /** Market open/closed, re-read once a second: Intl time-zone maths is too slow for every step. */
  openUntil: number;
  open: boolean;
}

export interface SimulatedFeedOptions {
  instruments: FeedInstrument[];
  seed: number;
  clock: Clock;
  /** How often the walk advances; each step emits at most one tick per instrument. */
  stepMs?: number;
}

/**
 * A geometric random walk per instrument with its class's volatility and tick rate, silent
 * outside its trading hours, and the same prices for the same seed and clock (DESIGN §8).
 */
export function createSimulatedFeed(opts: SimulatedFeedOptions): FeedSource & { step(): Tick[] } {
  const stepMs = opts.stepMs ?? 100;
  const start = opts.clock.now().getTime();
  const walk = (inst: FeedInstrument, at: number): WalkState => ({
    inst,
    schedule: instrumentSchedule(inst),
    rand: seededRandom(mixSeed(opts.seed, inst.id)),
    price: inst.startPrice,
    lastTickAt: at,
    openUntil: 0,
    open: false,
  });
  const states: WalkState[] = opts.instruments.map((inst) => walk(inst, start));
  const byId = new Map(states.map((s) => [s.inst.id, s]));
  let lastStep = start;

  /** Staff's changes: a new instrument starts walking; a known one keeps its price, takes new hours. */
  function updateInstruments(list: FeedInstrument[]): void {
    const now = opts.clock.now().getTime();
    for (const inst of list) {
      const known = byId.get(inst.id);
      if (known) {
        known.inst = inst;
        known.schedule = instrumentSchedule(inst);
        known.openUntil = 0;
        continue;
      }
      const s = walk(inst, now);
      states.push(s);
      byId.set(inst.id, s);
    }
  }

  function isOpen(s: WalkState, now: number): boolean {
    if (now >= s.openUntil) {
      s.open = isMarketOpen(s.schedule, new Date(now));
      s.openUntil = now + 1000;
    }
    return s.open;
  }

  function step(): Tick[] {
    const now = opts.clock.now().getTime();
    const dt = Math.max(0, now - lastStep);
    lastStep = now;
    const ticks: Tick[] = [];
    for (const s of states) {
      const profile = CLASS_PROFILES[s.inst.type];
      // Draw even when closed, so a market's path does not depend on when others were open.
      const fires = s.rand() < (profile.ticksPerSecond * dt) / 1000;
      if (!fires || !isOpen(s, now)) {
        if (!s.open) s.lastTickAt = now;
        continue;
      }
      const sigma = sigmaOver(s.inst.type, Math.max(now - s.lastTickAt, stepMs));
      const next = roundPrice(
        s.price * Math.exp(sigma * normal(s.rand) - (sigma * sigma) / 2),
        s.inst.decimals,
      );
      s.price = next;
      s.lastTickAt = now;
      ticks.push({
        assetId: s.inst.id,
        price: next,
        at: now,
        volume: profile.volumePerTick * (0.5 + s.rand()),
      });
    }
    return ticks;
  }

  return steppedSource(step, stepMs, undefined, updateInstruments);
}

import { everyDay } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../lib/clock.ts';
import type { FeedInstrument, Tick } from './FeedSource.ts';
import { createSimulatedFeed } from './SimulatedFeed.ts';

const instruments: FeedInstrument[] = [
  { id: 1, type: 'forex', exchangeZone: 'UTC', startPrice: 1.1, decimals: 5 },
  { id: 2, type: 'crypto', exchangeZone: 'UTC', startPrice: 100_000, decimals: 2 },
  { id: 3, type: 'stocks', exchangeZone: 'America/New_York', startPrice: 230, decimals: 2 },
];

function run(seed: number, startIso: string, steps: number): Tick[] {
  const clock = manualClock(new Date(startIso));
  const feed = createSimulatedFeed({ instruments, seed, clock, stepMs: 100 });
  const ticks: Tick[] = [];
  for (let i = 0; i < steps; i++) {
    clock.advance(100);
    ticks.push(...feed.step());
  }
  return ticks;
}

describe('simulated feed', () => {
  it('replays the same prices for the same seed and differs for another', () => {
    const a = run(7, '2026-11-18T15:00:00Z', 200);
    expect(run(7, '2026-11-18T15:00:00Z', 200)).toEqual(a);
    expect(run(8, '2026-11-18T15:00:00Z', 200)).not.toEqual(a);
  });

  it('moves prices, keeps them positive and at the instrument decimals', () => {
    const ticks = run(1, '2026-11-18T15:00:00Z', 600);
    for (const id of [1, 2, 3]) {
      const prices = ticks.filter((t) => t.assetId === id).map((t) => t.price);
      expect(prices.length).toBeGreaterThan(20);
      expect(new Set(prices).size).toBeGreaterThan(1);
      for (const p of prices) expect(p).toBeGreaterThan(0);
    }
    for (const t of ticks.filter((x) => x.assetId === 1)) expect(Number(t.price.toFixed(5))).toBe(t.price);
  });

  it('sends no ticks for a market outside its trading hours', () => {
    // Saturday: forex and New York stocks are closed, crypto trades.
    const ticks = run(3, '2026-11-21T15:00:00Z', 300);
    expect(ticks.some((t) => t.assetId === 2)).toBe(true);
    expect(ticks.filter((t) => t.assetId !== 2)).toEqual([]);
  });

  it('ticks at roughly each class rate', () => {
    const ticks = run(5, '2026-11-18T15:00:00Z', 1000); // 100 s
    const count = (id: number) => ticks.filter((t) => t.assetId === id).length;
    expect(count(1)).toBeGreaterThan(300); // forex ~4/s
    expect(count(3)).toBeLessThan(160); // stocks ~1/s
  });

  it('walks an instrument staff add and honours changed sessions, without a restart', () => {
    const clock = manualClock(new Date('2026-11-18T15:00:00Z')); // a Wednesday
    const feed = createSimulatedFeed({ instruments, seed: 9, clock, stepMs: 100 });
    const steps = (n: number) => {
      const out: Tick[] = [];
      for (let i = 0; i < n; i++) {
        clock.advance(100);
        out.push(...feed.step());
      }
      return out;
    };
    feed.updateInstruments?.([
      { id: 4, type: 'crypto', exchangeZone: 'UTC', startPrice: 2.5, decimals: 4 },
      // Crypto never closes by default; its own sessions close it on Wednesdays.
      {
        id: 2,
        type: 'crypto',
        exchangeZone: 'UTC',
        startPrice: 1,
        decimals: 2,
        sessions: { ...everyDay([['00:00', '24:00']]), wed: [] },
      },
    ]);
    const ticks = steps(300);
    expect(ticks.filter((t) => t.assetId === 4).length).toBeGreaterThan(20);
    expect(ticks.some((t) => t.assetId === 2)).toBe(false);
  });
});
